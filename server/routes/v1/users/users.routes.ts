import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { ScreeningSchema, VerificationSchema } from "../../schemas/identity";
import { DecisionRecord } from "../transactions/transactions.routes";

const seen = {
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  count: z.number().int().openapi({ description: "Live transactions (and, for devices, identified device sessions) that used it" }),
};
const byDecision = z.object({ allow: z.number().int(), challenge: z.number().int(), block: z.number().int() });

export const UserProfileSchema = z
  .object({
    object: z.literal("user_profile"),
    user_id: z.string(),
    first_seen_at: z
      .string()
      .openapi({ description: "The first live transaction, device session, identity verification or screening of the user" }),
    last_seen_at: z.string(),
    transaction_count: z.number().int().openapi({ description: "Live transactions" }),
    decisions: z
      .object({
        engine: byDecision.openapi({ description: "Live transactions by the engine's decision" }),
        analyst: byDecision.openapi({ description: "Transactions by their latest analyst decision" }),
        pending_review: z.number().int().openapi({ description: "Challenged or blocked with no analyst decision yet" }),
        latest: z
          .array(DecisionRecord)
          .openapi({ description: "The latest 20 analyst decisions on the user's transactions, newest first" }),
      })
      .openapi("UserDecisions"),
    labels: z
      .object({ fraud: z.number().int(), legit: z.number().int() })
      .openapi({ description: "Transactions labelled by confirmed_fraud and false_positive decisions" }),
    devices: z.array(z.object({ device_id: z.string(), ...seen })).openapi({ description: "Up to 20, most recently used first" }),
    ip_addresses: z
      .array(z.object({ ip_address: z.string(), ...seen }))
      .openapi({ description: "Client addresses of live transactions (not private or loopback), up to 20" }),
    cards: z
      .array(z.object({ card_bin: z.string(), last_four: z.string(), label: z.string().openapi({ example: "411111 •••• 1111" }), ...seen }))
      .openapi({ description: "Cards by BIN (six digits) and last four, up to 20" }),
    emails: z
      .array(z.object({ email: z.string(), ...seen }))
      .openapi({ description: "E-mails of live transactions (normalised), up to 20" }),
    latest_verification: VerificationSchema.nullable(),
    screenings: z.array(ScreeningSchema).openapi({ description: "The latest 20 watchlist screenings of the user, newest first" }),
    open_alert_ids: z.array(z.string()).openapi({ description: "Alerts that include the user and are open or acknowledged, newest first" }),
    case_ids: z.array(z.string()).openapi({ description: "Cases of the user (any status), newest first" }),
  })
  .openapi("UserProfile");

export const getUserRoute = createRoute({
  method: "get",
  path: "/v1/users/{user_id}",
  tags: ["Users"],
  summary: "A user's profile (an addition): activity, decisions, what they used, identity, alerts and cases",
  middleware: apiKeyRoute("a", "events:read"),
  request: {
    params: z.object({
      user_id: z
        .string()
        .min(1)
        .max(200)
        .openapi({ param: { name: "user_id", in: "path" } }),
    }),
  },
  responses: {
    200: { description: "The profile", content: { "application/json": { schema: UserProfileSchema } } },
    ...commonErrors,
    ...errorResponses(404),
  },
});
