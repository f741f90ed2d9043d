import { and, desc, eq, gte } from "drizzle-orm";
import { directedKeyset, toDirectedPage, type ListOrder, type Page } from "../../core/pagination";
import type { Db } from "../../db/client";
import { screenings, screeningSuppressions, type ScreeningRow, type StoredMatch } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import type { DomainDeps } from "../deps";
import { newId } from "../../core/ids";
import { subjectKey } from "./subject-key";
import { oldestOfGroup } from "./twins";
import { classify, LIST_NAMES, type EntityType, type ListName, type ScreenResult } from "../watchlist";

export type { ScreeningRow };
export type ScreeningCtx = { scope: Scope; deps: DomainDeps };

export type ScreenInput = {
  userId?: string | null;
  name: string;
  dateOfBirth?: string | null;
  lists?: readonly ListName[];
  entityType?: EntityType;
  source: "api" | "identity_verification";
  verificationId?: string;
};

function toStored(r: ScreenResult): StoredMatch {
  return {
    entity_id: r.entity.id,
    entity_version: r.entity.version,
    list: r.list,
    match_score: Math.round(r.match_score * 1000) / 1000,
    entity_name: r.entity_name,
    entity_type: r.entity_type,
    reason: r.reason,
    matched_name: r.matched_name,
    matched_alias_strength: r.matched_alias_strength,
    dob_match: r.dob_match,
  };
}

/**
 * Screens a name against the loaded lists and stores the result. Matches the user's earlier
 * false-positive decisions cleared are moved to `suppressed_matches`, unless the list entry changed
 * since (its version), and do not count towards the status.
 */
export async function screenPerson(db: Db, ctx: ScreeningCtx, input: ScreenInput): Promise<ScreeningRow> {
  const service = await ctx.deps.watchlists.get();
  const lists = input.lists && input.lists.length > 0 ? [...new Set(input.lists)] : [...LIST_NAMES];
  const results = service.screen({
    name: input.name,
    dateOfBirth: input.dateOfBirth ?? undefined,
    lists,
    entityType: input.entityType,
    limit: 20,
  });

  const suppressed = new Map<string, string>();
  if (input.userId) {
    const rows = await db
      .select({ entityId: screeningSuppressions.entityId, version: screeningSuppressions.entityVersion })
      .from(screeningSuppressions)
      .where(inScope(screeningSuppressions, ctx.scope, eq(screeningSuppressions.userId, input.userId)));
    for (const r of rows) suppressed.set(r.entityId, r.version);
  }
  const matches: StoredMatch[] = [];
  const suppressedMatches: StoredMatch[] = [];
  for (const r of results) (suppressed.get(r.entity.id) === r.entity.version ? suppressedMatches : matches).push(toStored(r));

  const status = classify(matches[0]?.match_score ?? 0);
  const [row] = await db
    .insert(screenings)
    .values({
      id: newId("scr"),
      ...ctx.scope,
      userId: input.userId ?? null,
      name: input.name,
      dateOfBirth: input.dateOfBirth ?? null,
      entityType: input.entityType ?? null,
      lists,
      status,
      matches,
      suppressedMatches,
      reviewState: status === "clear" ? "not_required" : "pending_review",
      verificationId: input.verificationId ?? null,
      source: input.source,
      subjectKey: subjectKey({
        userId: input.userId ?? null,
        name: input.name,
        dateOfBirth: input.dateOfBirth ?? null,
        entityType: input.entityType ?? null,
        matches,
      }),
    })
    .returning();
  return row as ScreeningRow;
}

export async function findScreening(db: Db, scope: Scope, id: string): Promise<ScreeningRow | undefined> {
  const [row] = await db
    .select()
    .from(screenings)
    .where(inScope(screenings, scope, eq(screenings.id, id)))
    .limit(1);
  return row;
}

export async function latestScreeningOfUser(db: Db, scope: Scope, userId: string): Promise<ScreeningRow | undefined> {
  const [row] = await db
    .select()
    .from(screenings)
    .where(inScope(screenings, scope, and(eq(screenings.userId, userId))))
    .orderBy(desc(screenings.createdAt), desc(screenings.id))
    .limit(1);
  return row;
}

/**
 * GET /v1/identity/screenings: stored screenings by status, review state and user, newest first
 * (or oldest first, for a review queue). `grouped` lists each group of open twins once, by its
 * oldest member (./twins.ts).
 */
export async function listScreenings(
  db: Db,
  scope: Scope,
  q: {
    status?: ScreeningRow["status"];
    reviewState?: ScreeningRow["reviewState"];
    userId?: string;
    order?: ListOrder;
    grouped?: boolean;
    startTime?: Date;
    limit: number;
    after?: string;
  },
): Promise<Page<ScreeningRow>> {
  const order = q.order ?? "desc";
  const page = directedKeyset({ createdAt: screenings.createdAt, id: screenings.id }, order, q.after);
  const rows = (await db
    .select()
    .from(screenings)
    .where(
      inScope(
        screenings,
        scope,
        q.status ? eq(screenings.status, q.status) : undefined,
        q.reviewState ? eq(screenings.reviewState, q.reviewState) : undefined,
        q.userId ? eq(screenings.userId, q.userId) : undefined,
        q.grouped ? oldestOfGroup() : undefined,
        q.startTime ? gte(screenings.createdAt, q.startTime) : undefined,
        page.where,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(q.limit + 1)) as ScreeningRow[];
  return toDirectedPage(rows, q.limit, order, (r) => r);
}
