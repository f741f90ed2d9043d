import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

// Standard Webhooks (https://www.standardwebhooks.com): the signature is
// HMAC-SHA256(secret, "<webhook-id>.<webhook-timestamp>.<body>") in base64 as `v1,<sig>`; the
// secret is `whsec_` + base64 of 32 random bytes. `webhook-id` is the event id, the same on every
// retry, so receivers can de-duplicate; the body's `id` equals it.

export const USER_AGENT = "Argus-Webhooks/1.0 (+https://www.standardwebhooks.com)";

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export type WebhookMessage = { id: string; type: string; created_at: string; data: Record<string, unknown> };

/** The body and headers of one delivery attempt, signed now. */
export function signMessage(
  secret: string,
  message: WebhookMessage,
  at: Date = new Date(),
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ id: message.id, type: message.type, created_at: message.created_at, data: message.data });
  const timestamp = new Date(Math.floor(at.getTime() / 1000) * 1000);
  const signature = new Webhook(secret).sign(message.id, timestamp, body);
  return {
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": USER_AGENT,
      "webhook-id": message.id,
      "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
      "webhook-signature": signature,
    },
  };
}
