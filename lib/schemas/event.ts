import { z } from "zod";

// The event of GET /v1/events (spec 2.8, 6.1). Shared by server and client code: shapes and
// labels only.

export const eventTypes = [
  "transaction.scored",
  "transaction.blocked",
  "identity.verified",
  "device.session_created",
  "alert.triggered",
  "decision.submitted",
] as const;

export type EventType = (typeof eventTypes)[number];

export const EventSchema = z.object({
  object: z.literal("event"),
  event_id: z.string(),
  // A string, not the enum: an event type added later (spec 9.3) must not break the search.
  event_type: z.string(),
  transaction_id: z.string().nullable(),
  user_id: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export type ArgusEvent = z.infer<typeof EventSchema>;

export const eventTypeLabels: Record<EventType, string> = {
  "transaction.scored": "Transaction scored",
  "transaction.blocked": "Transaction blocked",
  "identity.verified": "Identity verified",
  "device.session_created": "Device session created",
  "alert.triggered": "Alert triggered",
  "decision.submitted": "Decision submitted",
};

export function eventTypeLabel(type: string): string {
  return (eventTypeLabels as Record<string, string>)[type] ?? type;
}
