import { type WebhookEndpoint, ALL_EVENTS, type WebhookEventType } from "../api/wire";

// Webhook endpoints in the console's words: events, state and the retry schedule.

export const webhookEventDescriptions: Record<WebhookEventType, string> = {
  "case.updated": "A case changes: status, note, assignee, linked transactions or severity",
  "alert.triggered": "The detection engine raises a new alert",
  "identity.verification_completed": "A pending identity verification finishes",
  "transaction.flagged": "A live score decides challenge",
  "transaction.blocked": "A live score decides block",
  "case.sla_breached": "A case passes its due time unfinished (once per case)",
  "alert.sla_breached": "An alert passes its due time unfinished (once per alert)",
};

/** How many attempts the API makes per event (1 + 8 retries over about 43 hours). */
export const MAX_DELIVERY_ATTEMPTS = 9;

/**
 * Why the endpoint receives nothing, in words: Argus disabled it after a delivery failed through
 * its whole retry schedule (`disabled_reason` set), or an administrator disabled it (no reason).
 */
export type EndpointState =
  | { kind: "enabled" }
  | { kind: "disabled_by_request"; since: string | null }
  | { kind: "auto_disabled"; since: string | null; reason: string };

export function endpointState(endpoint: Pick<WebhookEndpoint, "status" | "disabled_reason" | "disabled_at">): EndpointState {
  if (endpoint.status === "enabled") return { kind: "enabled" };
  if (endpoint.disabled_reason) return { kind: "auto_disabled", since: endpoint.disabled_at, reason: endpoint.disabled_reason };
  return { kind: "disabled_by_request", since: endpoint.disabled_at };
}

/** "All events" or the list, for a table cell or a confirmation. */
export function describeEvents(events: readonly string[]): string {
  return events.includes(ALL_EVENTS) ? "All events" : events.join(", ");
}
