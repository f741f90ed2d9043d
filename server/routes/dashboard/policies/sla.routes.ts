import { createRoute, z } from "@hono/zod-openapi";
import { ifMatchHeaders } from "../../../http/if-match";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";

const tags = ["Dashboard: policies"];
const YEAR = 366 * 24 * 3_600;

const seconds = z
  .number()
  .int()
  .min(1, { message: "must be a positive number of seconds" })
  .max(YEAR, { message: "must be at most a year (31622400 seconds)" })
  .openapi({ description: "Seconds from the item's creation until it is due (wall-clock time)" });

/** One due time per severity; every severity is required, and no other key is accepted. */
const DueSeconds = z
  .strictObject({ critical: seconds, high: seconds, medium: seconds, low: seconds })
  .openapi("SlaDueSeconds", { description: "A due time per severity, in seconds" });

export const PutSlaPolicyBody = z
  .strictObject({ case_due_seconds: DueSeconds, alert_due_seconds: DueSeconds })
  .openapi("ReplaceSlaPolicyRequest");

export const SlaPolicySchema = z
  .object({
    object: z.literal("sla_policy"),
    environment: z.enum(["live", "test"]),
    case_due_seconds: DueSeconds,
    alert_due_seconds: DueSeconds,
    version: z.number().int().openapi({ description: "0 while the account uses the defaults" }),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .openapi("SlaPolicy");

const ok = (description: string) => ({
  200: { description, content: { "application/json": { schema: SlaPolicySchema } } },
  ...commonErrors,
});

export const getSlaPolicyRoute = createRoute({
  method: "get",
  path: "/api/v1/policies/sla",
  tags,
  summary: "The SLA policy: due time per severity for cases and alerts",
  middleware: consoleRoute("analyst", "lead", "admin"),
  responses: ok("The SLA policy (defaults critical 4 h, high 24 h, medium 72 h, low 7 days)"),
});

export const putSlaPolicyRoute = createRoute({
  method: "put",
  path: "/api/v1/policies/sla",
  tags,
  summary: "Replace the SLA policy (admin); new items and severity changes use it",
  middleware: consoleRoute("admin"),
  request: { headers: ifMatchHeaders, body: { required: true, content: { "application/json": { schema: PutSlaPolicyBody } } } },
  responses: { ...ok("The new SLA policy"), ...errorResponses(409) },
});
