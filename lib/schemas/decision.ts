import { z } from "zod";
import { TEXT_LIMITS } from "./text-limits";
import { decisionValues, decisionReasons } from "../api/wire";

// The decision form of a transaction (`POST /v1/decisions`): the same object validates the form
// and the server action.

/** Decision `notes`: the API's limit (1,000 characters). */
export const DECISION_NOTES_MAX = TEXT_LIMITS.decisionNotes;

export const NOTES_TOO_LONG = `Notes can be at most ${DECISION_NOTES_MAX.toLocaleString("en-GB")} characters.`;
const REQUIRED_DECISION = "Choose allow, challenge or block.";
const REQUIRED_REASON = "Choose the reason for the decision.";

/**
 * What the analyst enters. No `analyst_id`: the action takes it from the session, so nobody can
 * record a decision in someone else's name. Notes are trimmed; blank notes are sent as absent.
 */
export const DecisionFormSchema = z.object({
  transaction_id: z.string().trim().min(1, "The transaction is missing.").max(255),
  decision: z.enum(decisionValues, { error: REQUIRED_DECISION }),
  reason: z.enum(decisionReasons, { error: REQUIRED_REASON }),
  notes: z
    .string()
    .trim()
    .max(DECISION_NOTES_MAX, NOTES_TOO_LONG)
    .optional()
    .transform((value) => (value === "" ? undefined : value)),
});

export type DecisionFormInput = z.input<typeof DecisionFormSchema>;
export type DecisionFormValues = z.output<typeof DecisionFormSchema>;
