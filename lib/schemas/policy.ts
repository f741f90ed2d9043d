import { z } from "zod";
import { parseNumberInput } from "./detection-fields";
import { TEXT_LIMITS, tooLongMessage } from "./text-limits";
import { policyActions, paymentMethodTypes } from "../api/wire";

// The policy forms (`/api/v1/policies`): score bands and ordered rules, and the draft the editor
// keeps until it is saved. The input schemas say what is wrong before a round trip, in the
// console's words; the API stays the judge and its field errors are shown too.

// ---- input ----

const wholeNumber = (min: number, max: number, what = "a whole number") =>
  z
    .number({ error: `Enter ${what} from ${min} to ${max}.` })
    .int({ error: `Enter ${what} from ${min} to ${max}.` })
    .min(min, { error: `Enter ${what} from ${min} to ${max}.` })
    .max(max, { error: `Enter ${what} from ${min} to ${max}.` });

/**
 * Block at or above `block`, challenge at or above `challenge`, allow below. The API accepts
 * challenge = block (no challenge band at all); the console asks for challenge < block so a
 * saved policy always has three bands, and an empty band is never set up by a slip.
 */
export const ScoreBandsInputSchema = z
  .object({ block: wholeNumber(1, 100, "a score"), challenge: wholeNumber(0, 100, "a score") })
  .refine((bands) => bands.challenge < bands.block, {
    error: "The challenge threshold must be below the block threshold.",
    path: ["challenge"],
  });

export type ScoreBandsInput = z.infer<typeof ScoreBandsInputSchema>;

/** The bands as the form holds them (typed text), judged as the numbers they stand for. */
export const ScoreBandsFormSchema = z
  .object({ block: z.string(), challenge: z.string() })
  .transform((typed) => ({ block: parseNumberInput(typed.block), challenge: parseNumberInput(typed.challenge) }))
  .pipe(ScoreBandsInputSchema);

const signalList = z
  .array(z.string().regex(/^[a-z0-9_]{1,64}$/, { error: "Not a signal name." }))
  .min(1, { error: "Choose at least one signal." })
  .max(20, { error: "At most 20 signals per condition." });

export const RuleConditionsInputSchema = z
  .object({
    signals_all: signalList.optional(),
    signals_any: signalList.optional(),
    score_gte: wholeNumber(0, 100, "a score").optional(),
    amount_gte: z
      .number({ error: "Enter an amount in minor units (cents)." })
      .int({ error: "Enter a whole amount in minor units (cents)." })
      .min(0, { error: "The amount cannot be negative." })
      .optional(),
    payment_method_types: z.array(z.enum(paymentMethodTypes)).min(1).optional(),
    // Kept as they are when an existing rule is saved again; the console's form does not edit them.
    currencies: z
      .array(z.string().regex(/^[A-Za-z]{3}$/))
      .min(1)
      .optional(),
    merchant_ids: z.array(z.string().min(1)).min(1).max(100).optional(),
    merchant_categories: z.array(z.string().min(1)).min(1).max(100).optional(),
  })
  .refine((when) => Object.values(when).some((value) => value !== undefined), { error: "Set at least one condition." });

export const RuleInputSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  name: z
    .string()
    .trim()
    .min(1, { error: "Give the rule a name." })
    .max(TEXT_LIMITS.ruleName, { error: tooLongMessage(TEXT_LIMITS.ruleName) }),
  enabled: z.boolean(),
  action: z.enum(policyActions, { error: "Choose what the rule decides." }),
  when: RuleConditionsInputSchema,
});

export type RuleInput = z.infer<typeof RuleInputSchema>;

export const UpdatePolicyInputSchema = z
  .object({
    /** The version the form was based on: a save over someone else's newer change is refused. */
    version: z.number().int().min(0),
    score_bands: ScoreBandsInputSchema.optional(),
    rules: z.array(RuleInputSchema).max(100, { error: "At most 100 rules." }).optional(),
  })
  .refine((input) => input.score_bands !== undefined || input.rules !== undefined, { error: "Nothing to save." });

export type UpdatePolicyInput = z.input<typeof UpdatePolicyInputSchema>;

/** "Try a transaction against the draft": the id of a stored live transaction. */
export const TryTransactionFormSchema = z.object({
  id: z.string().trim().min(1, { error: "Enter a transaction id." }).max(255, { error: "That is not a transaction id." }),
});
