import { z } from "zod";
import { TEXT_LIMITS, tooLongMessage } from "./text-limits";

// The alert resource of GET/PATCH /v1/alerts (server/domain/alerts/README.md). Shared by server
// and client code: shapes and labels only.

export const alertSeverities = ["low", "medium", "high", "critical"] as const;
export const alertStatuses = ["open", "acknowledged", "resolved"] as const;
export const alertTypes = ["velocity_spike", "new_device_cluster", "ato_pattern", "card_testing", "identity_abuse"] as const;

export type AlertSeverity = (typeof alertSeverities)[number];
export type AlertStatus = (typeof alertStatuses)[number];

export const AlertSchema = z.object({
  object: z.literal("alert"),
  alert_id: z.string(),
  // A string, not the enum: a detector added to the API later must not break the console's list.
  alert_type: z.string(),
  severity: z.enum(alertSeverities),
  status: z.enum(alertStatuses),
  affected_users: z.number().int(),
  affected_transactions: z.number().int(),
  summary: z.string(),
  resolution_notes: z.string().nullable(),
  key: z.string(),
  confidence: z.number(),
  exposure: z.object({ amount: z.number().int(), currency: z.string().nullable() }),
  evidence: z.record(z.string(), z.unknown()),
  /** Grows when its review state changes; sent back as If-Match. */
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Alert = z.infer<typeof AlertSchema>;

const IdListSchema = z.object({ object: z.literal("list"), data: z.array(z.string()), has_more: z.boolean(), next_cursor: z.string().nullable() });

export const AlertDetailSchema = AlertSchema.extend({ user_ids: IdListSchema, transaction_ids: IdListSchema });

export type AlertDetail = z.infer<typeof AlertDetailSchema>;

/** What the console may change: acknowledge or resolve, with optional notes (≤ 5,000 characters). */
export const UpdateAlertInputSchema = z.object({
  id: z.string().min(1).max(200),
  /** The version the page showed (If-Match). */
  version: z.number().int().min(1),
  status: z.enum(["acknowledged", "resolved"]),
  resolution_notes: z.string().trim().max(TEXT_LIMITS.alertResolutionNotes, tooLongMessage(TEXT_LIMITS.alertResolutionNotes)).optional(),
});

export type UpdateAlertInput = z.infer<typeof UpdateAlertInputSchema>;

export const alertSeverityLabels: Record<AlertSeverity, string> = { low: "Low", medium: "Medium", high: "High", critical: "Critical" };
export const alertStatusLabels: Record<AlertStatus, string> = { open: "Open", acknowledged: "Acknowledged", resolved: "Resolved" };
export const alertTypeLabels: Record<string, string> = {
  velocity_spike: "Velocity spike",
  new_device_cluster: "New device cluster",
  ato_pattern: "Account takeover pattern",
  card_testing: "Card testing",
  identity_abuse: "Identity abuse",
};

export function alertTypeLabel(type: string): string {
  return alertTypeLabels[type] ?? type;
}
