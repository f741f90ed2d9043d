import { eq, gte, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { events, type EventType } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { keyset, toPage } from "../../core/pagination";
import { serializeEvent } from "./append";

export type EventFilter = {
  transactionId?: string;
  userId?: string;
  eventType?: EventType;
  startTime?: Date;
  endTime?: Date;
  limit: number;
  after?: string;
};

/** GET /v1/events: every filter, newest first, cursor pagination. */
export async function listEvents(db: Db, scope: Scope, f: EventFilter) {
  const page = keyset({ createdAt: events.createdAt, id: events.id }, f.after);
  const rows = await db
    .select()
    .from(events)
    .where(
      inScope(
        events,
        scope,
        f.transactionId !== undefined ? eq(events.transactionId, f.transactionId) : undefined,
        f.userId !== undefined ? eq(events.userId, f.userId) : undefined,
        f.eventType !== undefined ? eq(events.eventType, f.eventType) : undefined,
        f.startTime ? gte(events.createdAt, f.startTime) : undefined,
        f.endTime ? lte(events.createdAt, f.endTime) : undefined,
        page.where,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(f.limit + 1);
  return toPage(rows, f.limit, serializeEvent);
}
