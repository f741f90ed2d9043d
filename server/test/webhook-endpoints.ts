import type { Db } from "../db/client";
import { webhookEndpoints } from "../db/schema";
import type { Scope } from "../db/scope";
import { newId } from "../core/ids";

/**
 * Registers a webhook endpoint for a scope, as POST /v1/webhooks would (enabled, every event
 * unless told otherwise); its id. Webhook events are written only where an endpoint subscribes,
 * so tests that look at the outbox subscribe first.
 */
export async function subscribeEndpoint(
  db: Db,
  scope: Scope,
  opts: { events?: string[]; status?: "enabled" | "disabled" } = {},
): Promise<string> {
  const id = newId("we");
  await db.insert(webhookEndpoints).values({
    id,
    ...scope,
    url: "https://hooks.example.com/test",
    events: opts.events ?? ["*"],
    status: opts.status ?? "enabled",
    secret: "whsec_test",
  });
  return id;
}
