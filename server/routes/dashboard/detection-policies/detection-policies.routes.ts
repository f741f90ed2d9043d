import { createRoute, z } from "@hono/zod-openapi";
import { ifMatchHeaders } from "../../../http/if-match";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";

const tags = ["Dashboard: policies"];

const minutes = (max: number) => z.number().int().min(1).max(max);
const count = z.number().int().min(2).max(100_000);

// Each detector's thresholds; every field optional (PUT replaces the overrides: what is not sent
// takes the default). Ranges keep windows meaningful for the engine's queries.
const CardTesting = z
  .object({
    enabled: z.boolean(),
    distinct_cards: count.openapi({ description: "Distinct cards from one IP or device (default 10)" }),
    window_minutes: minutes(60).openapi({ description: "Default 10" }),
    small_amount: z
      .number()
      .int()
      .min(1)
      .max(1_000_000_000)
      .openapi({ description: "Small attempt: at or below this, minor units (default 1000)" }),
    small_share: z.number().min(0).max(1).openapi({ description: "Mostly small: at least this share of attempts (default 0.7)" }),
  })
  .partial()
  .strict();
const Velocity = z
  .object({
    enabled: z.boolean(),
    scores: count.openapi({ description: "Live scores for one user or card (default 20)" }),
    window_minutes: minutes(60).openapi({ description: "Default 5; also the account-wide window" }),
    account_multiplier: z.number().min(1).max(1000).openapi({ description: "Account volume vs its hourly baseline (default 3)" }),
    account_min_scores: z.number().int().min(1).max(10_000_000).openapi({ description: "Account volume floor (default 100)" }),
  })
  .partial()
  .strict();
const DeviceCluster = z
  .object({
    enabled: z.boolean(),
    distinct_users: count.openapi({ description: "Distinct users on one new device or IP (default 5)" }),
    window_minutes: minutes(1440).openapi({ description: "Default 60" }),
    new_within_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .openapi({ description: "New = first seen at most this long ago (default 24)" }),
  })
  .partial()
  .strict();
const Ato = z
  .object({
    enabled: z.boolean(),
    users: count.openapi({ description: "Distinct users with a takeover sequence (default 3)" }),
    follow_minutes: minutes(1440).openapi({ description: "account_change → large score delay (default 60)" }),
    amount_multiplier: z.number().min(1).max(1000).openapi({ description: "Score amount vs the user's average (default 3)" }),
    window_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .openapi({ description: "Sequences within this many hours count together (default 24)" }),
  })
  .partial()
  .strict();
const IdentityAbuse = z
  .object({ enabled: z.boolean(), user_ids: count.openapi({ description: "User ids on one document, phone or address (default 3)" }) })
  .partial()
  .strict();

export const DetectionPolicyBody = z
  .object({
    card_testing: CardTesting.optional(),
    velocity_spike: Velocity.optional(),
    new_device_cluster: DeviceCluster.optional(),
    ato_pattern: Ato.optional(),
    identity_abuse: IdentityAbuse.optional(),
  })
  .strict()
  .openapi("ReplaceDetectionPolicyRequest");

const Effective = z.object({
  card_testing: CardTesting.required(),
  velocity_spike: Velocity.required(),
  new_device_cluster: DeviceCluster.required(),
  ato_pattern: Ato.required(),
  identity_abuse: IdentityAbuse.required(),
});

export const DetectionPolicySchema = z
  .object({
    object: z.literal("detection_policy"),
    environment: z.enum(["live", "test"]),
    detectors: Effective.openapi({ description: "The thresholds in force" }),
    defaults: Effective.openapi({ description: "The documented defaults" }),
    overrides: DetectionPolicyBody.openapi({ description: "What the account changed (fields that differ from the defaults)" }),
    version: z.number().int().openapi({ description: "0 until the first change" }),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .openapi("DetectionPolicy");

const ok = (description: string) => ({
  200: { description, content: { "application/json": { schema: DetectionPolicySchema } } },
  ...commonErrors,
});

export const getDetectionPolicyRoute = createRoute({
  method: "get",
  path: "/api/v1/policies/detection",
  tags,
  summary: "The detection engine's thresholds in this environment",
  middleware: consoleRoute("analyst", "lead", "admin"),
  responses: ok("The thresholds"),
});

export const putDetectionPolicyRoute = createRoute({
  method: "put",
  path: "/api/v1/policies/detection",
  tags,
  summary: "Replace the detection thresholds (admin); fields not sent take the defaults",
  middleware: consoleRoute("admin"),
  request: { headers: ifMatchHeaders, body: { required: true, content: { "application/json": { schema: DetectionPolicyBody } } } },
  responses: { ...ok("The new thresholds"), ...errorResponses(409) },
});
