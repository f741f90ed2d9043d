import type { Db } from "../../db/client";
import { events, type EventType } from "../../db/schema";
import type { Scope } from "../../db/scope";
import { newId } from "../../core/ids";
import { iso } from "../../core/time";

export type EventInput = {
  type: EventType;
  transactionId?: string | null;
  userId?: string | null;
  payload: Record<string, unknown>;
};

export type EventRow = typeof events.$inferSelect;

/** The wire shape of an event. */
export function serializeEvent(row: EventRow) {
  return {
    object: "event" as const,
    event_id: row.id,
    event_type: row.eventType,
    transaction_id: row.transactionId,
    user_id: row.userId,
    payload: row.payload,
    created_at: iso(row.createdAt),
  };
}

/**
 * Appends events to the log. Call it with the transaction that makes the change the events
 * describe, so the log and the data never disagree. Returns the rows written.
 */
export async function appendEvents(db: Db, scope: Scope, inputs: EventInput[]): Promise<EventRow[]> {
  if (inputs.length === 0) return [];
  return db
    .insert(events)
    .values(
      inputs.map((e) => ({
        id: newId("evt"),
        accountId: scope.accountId,
        environment: scope.environment,
        eventType: e.type,
        transactionId: e.transactionId ?? null,
        userId: e.userId ?? null,
        payload: e.payload,
      })),
    )
    .returning();
}

export async function appendEvent(db: Db, scope: Scope, input: EventInput): Promise<EventRow> {
  const [row] = await appendEvents(db, scope, [input]);
  return row as EventRow;
}
