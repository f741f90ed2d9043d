import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookEndpoints, type WebhookEndpointStatus } from "../../db/schema";
import { inScope, scopeValues, type Scope } from "../../db/scope";
import { notFound } from "../../core/errors";
import type { Page } from "../../core/pagination";
import { newestFirstPage } from "../../db/page";
import { newId } from "../../core/ids";
import { assertVersion } from "../../core/version-conflict";
import { isoSeconds, iso } from "../../core/time";
import { newWebhookSecret } from "./signer";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** The wire shape of an endpoint. The secret is never part of it (only of the create response). */
export function serializeEndpoint(row: EndpointRow) {
  return {
    object: "webhook_endpoint" as const,
    webhook_id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    status: row.status,
    disabled_reason: row.disabledReason,
    disabled_at: isoSeconds(row.disabledAt),
    version: row.version,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export type EndpointResource = ReturnType<typeof serializeEndpoint>;

/** `["*"]` subscribes to every type; otherwise the names, de-duplicated in the given order. */
export function normalizeEvents(events: string[]): string[] {
  return events.includes("*") ? ["*"] : [...new Set(events)];
}

const nowMs = sql`date_trunc('milliseconds', now())`;

/** Creates an endpoint; the URL must already have passed checkTarget. Returns the row and secret. */
export async function createEndpoint(
  db: Db,
  scope: Scope,
  input: { url: string; events: string[]; description?: string | null },
): Promise<{ row: EndpointRow; secret: string }> {
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id: newId("we"),
      ...scopeValues(scope),
      url: input.url,
      events: normalizeEvents(input.events),
      description: input.description ?? null,
      status: "enabled",
      secret,
    })
    .returning();
  return { row: row as EndpointRow, secret };
}

export async function findEndpoint(db: Db, scope: Scope, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(inScope(webhookEndpoints, scope, eq(webhookEndpoints.id, id)));
  if (!row) throw notFound("webhook endpoint", "id");
  return row;
}

export async function listEndpoints(db: Db, scope: Scope, q: { limit: number; after?: string }): Promise<Page<EndpointResource>> {
  const page = await newestFirstPage(db, webhookEndpoints, scope, [], q);
  return { ...page, data: page.data.map(serializeEndpoint) };
}

export type EndpointPatch = {
  url?: string;
  events?: string[];
  description?: string | null;
  status?: WebhookEndpointStatus;
};

/**
 * PATCH: url (already checked), events, description, status. Re-enabling clears the disabled
 * reason; disabling through the API records no reason (only automatic disabling gives one).
 * With `expectedVersion` (If-Match) the write applies only to that version: 409 otherwise.
 */
export async function updateEndpoint(
  db: Db,
  scope: Scope,
  id: string,
  patch: EndpointPatch,
  expectedVersion?: number,
): Promise<EndpointRow> {
  if (Object.values(patch).every((v) => v === undefined)) {
    const row = await findEndpoint(db, scope, id);
    assertVersion("webhook endpoint", row.version, expectedVersion);
    return row;
  }
  // Disabling an endpoint that is already disabled keeps when and why it was (e.g. by delivery
  // failures). Decided in the UPDATE from the row as it is then, not from an earlier read, so an
  // automatic disabling committed in between is not overwritten.
  const wasDisabled = sql`${webhookEndpoints.status} = 'disabled'`;
  const status =
    patch.status === "enabled"
      ? { status: "enabled" as const, disabledReason: null, disabledAt: null }
      : patch.status === "disabled"
        ? {
            status: "disabled" as const,
            disabledReason: sql`case when ${wasDisabled} then ${webhookEndpoints.disabledReason} end`,
            disabledAt: sql`case when ${wasDisabled} then ${webhookEndpoints.disabledAt} else ${nowMs} end`,
          }
        : {};
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.events !== undefined ? { events: normalizeEvents(patch.events) } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...status,
      version: sql`${webhookEndpoints.version} + 1`,
      updatedAt: nowMs,
    })
    .where(inScope(webhookEndpoints, scope, eq(webhookEndpoints.id, id), atVersion(expectedVersion)))
    .returning();
  return row ?? missedWrite(db, scope, id, expectedVersion);
}

const atVersion = (expected: number | undefined) => (expected === undefined ? undefined : eq(webhookEndpoints.version, expected));

/** A conditional write matched no row: the endpoint is gone (404) or at another version (409). */
async function missedWrite(db: Db, scope: Scope, id: string, expectedVersion: number | undefined): Promise<never> {
  const current = await findEndpoint(db, scope, id);
  assertVersion("webhook endpoint", current.version, expectedVersion);
  throw new Error(`webhook endpoint ${id} matched no write at version ${current.version}`);
}

/** DELETE: the endpoint and its delivery log go; deliveries still queued for it are dropped. */
export async function deleteEndpoint(db: Db, scope: Scope, id: string, expectedVersion?: number): Promise<EndpointRow> {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(inScope(webhookEndpoints, scope, eq(webhookEndpoints.id, id), atVersion(expectedVersion)))
    .returning();
  return row ?? missedWrite(db, scope, id, expectedVersion);
}
