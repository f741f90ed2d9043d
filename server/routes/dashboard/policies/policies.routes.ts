import { createRoute, z } from "@hono/zod-openapi";
import { ifMatchHeaders } from "../../../http/if-match";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { changeRequired } from "../../../http/validation";
import { signalNames } from "../../../domain/scoring/signals";
import { paymentMethodTypes } from "../../../domain/scoring/request";
import { isCurrency } from "../../schemas/score-request";
import { heldResponse } from "../../schemas/approval";

const tags = ["Dashboard: policies"];
export const action = z.enum(["allow", "challenge", "block"]);
const signal = z.enum(signalNames as [string, ...string[]]);

const Conditions = z
  .object({
    signals_all: z.array(signal).min(1).max(20).optional().openapi({ description: "Every one of these signals fired" }),
    signals_any: z.array(signal).min(1).max(20).optional().openapi({ description: "At least one of these signals fired" }),
    score_gte: z.number().int().min(0).max(100).optional(),
    amount_gte: z.number().int().min(0).optional().openapi({ description: "Smallest currency unit" }),
    payment_method_types: z.array(z.enum(paymentMethodTypes)).min(1).optional(),
    currencies: z
      .array(
        z
          .string()
          .refine(isCurrency, { message: "must be an ISO 4217 code" })
          .transform((c) => c.toUpperCase()),
      )
      .min(1)
      .optional(),
    merchant_ids: z.array(z.string().min(1)).min(1).max(100).optional(),
    merchant_categories: z.array(z.string().min(1)).min(1).max(100).optional(),
  })
  .refine((w) => Object.values(w).some((v) => v !== undefined), { message: "must set at least one condition" });

export const Rule = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1 to 64 letters, digits, - or _")
    .optional()
    .openapi({ description: "Kept when given; generated (rule_…) otherwise" }),
  name: z.string().trim().min(1).max(100),
  enabled: z.boolean().optional(),
  action,
  when: Conditions,
});

export const Bands = z
  .object({ block: z.number().int().min(1).max(100), challenge: z.number().int().min(0).max(100) })
  .refine((b) => b.challenge <= b.block, { message: "must not be above score_bands.block", path: ["challenge"] });

const fields = {
  score_bands: Bands,
  rules: z
    .array(Rule)
    .max(100)
    .openapi({ description: "Evaluated in order; the first enabled rule that matches decides, else the score bands" }),
  retention_days: z
    .number()
    .int()
    .min(1)
    .max(36_500)
    .openapi({ description: "Events and decisions older than this are purged (default 2557 = 7 years)" }),
  ip_ranges_csv: z.string().nullable().openapi({ description: "`cidr,category` lines, category proxy|vpn|tor|hosting; null clears" }),
  bin_table_csv: z
    .string()
    .nullable()
    .openapi({ description: "`bin_from,bin_to,scheme,type,prepaid,country` lines; null restores the shipped table" }),
};

export const PutPolicyBody = z
  .object({
    ...fields,
    retention_days: fields.retention_days.optional(),
    ip_ranges_csv: fields.ip_ranges_csv.optional(),
    bin_table_csv: fields.bin_table_csv.optional(),
  })
  .openapi("ReplacePolicyRequest");
export const PatchPolicyBody = changeRequired(
  z.object({
    score_bands: fields.score_bands.optional(),
    rules: fields.rules.optional(),
    retention_days: fields.retention_days.optional(),
    ip_ranges_csv: fields.ip_ranges_csv.optional(),
    bin_table_csv: fields.bin_table_csv.optional(),
  }),
).openapi("UpdatePolicyRequest");

/** A rule as a policy stores it (its id given or generated, `enabled` set). */
export const StoredRule = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  action,
  when: z.object({
    signals_all: z.array(z.string()).optional(),
    signals_any: z.array(z.string()).optional(),
    score_gte: z.number().optional(),
    amount_gte: z.number().optional(),
    payment_method_types: z.array(z.string()).optional(),
    currencies: z.array(z.string()).optional(),
    merchant_ids: z.array(z.string()).optional(),
    merchant_categories: z.array(z.string()).optional(),
  }),
});

export const PolicySchema = z
  .object({
    object: z.literal("policy"),
    environment: z.enum(["live", "test"]),
    score_bands: z.object({ block: z.number().int(), challenge: z.number().int() }),
    rules: z.array(StoredRule),
    retention_days: z.number().int(),
    ip_ranges_csv: z.string().nullable(),
    ip_ranges_count: z.number().int(),
    bin_table: z.enum(["default", "custom"]),
    bin_table_csv: z.string().nullable(),
    bin_table_rows: z.number().int(),
    version: z.number().int(),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .openapi("Policy");

const ok = (description: string) => ({ 200: { description, content: { "application/json": { schema: PolicySchema } } }, ...commonErrors });

export const getPolicyRoute = createRoute({
  method: "get",
  path: "/api/v1/policies",
  tags,
  summary: "The account's risk policies in this environment",
  middleware: consoleRoute("analyst", "lead", "admin"),
  responses: ok("The policies"),
});

export const putPolicyRoute = createRoute({
  method: "put",
  path: "/api/v1/policies",
  tags,
  summary: "Replace the policies (admin)",
  middleware: consoleRoute("admin"),
  request: { headers: ifMatchHeaders, body: { required: true, content: { "application/json": { schema: PutPolicyBody } } } },
  responses: { ...ok("The new policies"), 202: heldResponse, ...errorResponses(409) },
});

export const patchPolicyRoute = createRoute({
  method: "patch",
  path: "/api/v1/policies",
  tags,
  summary: "Change some of the policies (admin)",
  middleware: consoleRoute("admin"),
  request: { headers: ifMatchHeaders, body: { required: true, content: { "application/json": { schema: PatchPolicyBody } } } },
  responses: { ...ok("The updated policies"), 202: heldResponse, ...errorResponses(409) },
});

export const SignalInfoSchema = z
  .object({ name: z.string(), weight: z.string(), points: z.number(), trigger: z.string() })
  .openapi("SignalInfo");

export const signalCatalogueRoute = createRoute({
  method: "get",
  path: "/api/v1/policies/signals",
  tags,
  summary: "The signal catalogue (names usable in rules)",
  middleware: consoleRoute("analyst", "lead", "admin"),
  responses: {
    200: {
      description: "Every signal the engine can emit",
      content: {
        "application/json": {
          schema: z.object({ object: z.literal("list"), data: z.array(SignalInfoSchema), has_more: z.boolean(), next_cursor: z.null() }),
        },
      },
    },
    ...commonErrors,
  },
});
