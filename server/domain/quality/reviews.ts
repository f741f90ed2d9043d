import { and, asc, eq, gt, gte, lte, ne, sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { analysts, qualityReviews, type QualityReviewStatus, type Resolution } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { ApiError, notFound } from "../../core/errors";
import { iso } from "../../core/time";
import { assertPeriod } from "../../core/period";
import { queueRows, reviewView, type QualityReviewResource } from "./view";

/**
 * GET /api/v1/quality-reviews: `pending` (the default) is the signed-in analyst's queue, oldest draw
 * first, without the reviews of cases they resolved themselves; `completed` lists the finished ones.
 */
export async function listQualityReviews(
  db: Db,
  scope: Scope,
  input: { analystId: string; status: QualityReviewStatus; limit: number; after?: string },
) {
  const found = await db
    .select()
    .from(qualityReviews)
    .where(
      inScope(
        qualityReviews,
        scope,
        eq(qualityReviews.status, input.status),
        input.status === "pending" ? ne(qualityReviews.firstAnalystId, input.analystId) : undefined,
        input.after ? gt(qualityReviews.id, input.after) : undefined,
      ),
    )
    .orderBy(asc(qualityReviews.id))
    .limit(input.limit + 1);
  const page = found.slice(0, input.limit);
  const more = found.length > input.limit;
  return {
    object: "list" as const,
    data: await queueRows(db, scope, page),
    has_more: more,
    next_cursor: more ? page.at(-1)!.id : null,
  };
}

async function reviewRow(db: Db, scope: Scope, id: string, lock = false) {
  const q = db
    .select()
    .from(qualityReviews)
    .where(inScope(qualityReviews, scope, eq(qualityReviews.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("quality review", "id");
  return row;
}

/** GET /api/v1/quality-reviews/{id}: blind while pending, revealed once completed. */
export async function getQualityReview(db: Db, scope: Scope, id: string): Promise<QualityReviewResource> {
  return reviewView(db, scope, await reviewRow(db, scope, id));
}

/**
 * POST /api/v1/quality-reviews/{id}/submit: the second resolution. The first analyst may never
 * give it (403); the row is locked, so of two submissions exactly one records and the other is 409.
 */
export async function submitQualityReview(
  db: Db,
  scope: Scope,
  id: string,
  input: { analystId: string; resolution: Resolution; notes?: string },
): Promise<QualityReviewResource> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const row = await reviewRow(tx, scope, id, true);
    if (row.firstAnalystId === input.analystId) {
      throw new ApiError("FORBIDDEN", "You resolved this case: its second review must be given by another analyst.");
    }
    if (row.status === "completed") {
      throw new ApiError("quality_review_completed", `This case's second review was already given by ${row.secondAnalystId}.`);
    }
    const [updated] = await tx
      .update(qualityReviews)
      .set({
        status: "completed",
        secondAnalystId: input.analystId,
        secondResolution: input.resolution,
        secondNotes: input.notes ?? null,
        agreed: input.resolution === row.firstResolution,
        completedAt: sql`date_trunc('milliseconds', now())`,
      })
      .where(and(eq(qualityReviews.id, row.id), eq(qualityReviews.status, "pending")))
      .returning();
    return reviewView(tx, scope, updated!);
  });
}

const DAY = 86_400_000;

type WeekRow = { analyst_id: string; week: string; reviewed: number; agreed: number; overturned: number };

const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

/**
 * GET /api/v1/quality-reviews/report: per analyst as the first reviewer, the reviews completed in the
 * period, how many the second analyst agreed with, and how many they overturned (fraud against
 * false positive), in total and per ISO week (Monday, UTC).
 */
export async function qualityReport(db: Db, scope: Scope, input: { start?: Date; end?: Date }, now = new Date()) {
  const end = input.end ?? now;
  const start = input.start ?? new Date(end.getTime() - 12 * 7 * DAY);
  assertPeriod(start, end);
  const q = qualityReviews;
  const found = await rows<WeekRow>(
    db,
    sql`select ${q.firstAnalystId} as analyst_id,
               to_char(date_trunc('week', ${q.completedAt} at time zone 'UTC'), 'YYYY-MM-DD') as week,
               count(*)::int as reviewed,
               (count(*) filter (where ${q.agreed}))::int as agreed,
               (count(*) filter (where (${q.firstResolution} = 'confirmed_fraud' and ${q.secondResolution} = 'false_positive')
                                    or (${q.firstResolution} = 'false_positive' and ${q.secondResolution} = 'confirmed_fraud')))::int as overturned
          from ${q}
         where ${and(inScope(q, scope), eq(q.status, "completed"), gte(q.completedAt, start), lte(q.completedAt, end))}
         group by 1, 2
         order by 1, 2`,
  );
  const names = await db
    .select({ id: analysts.id, name: analysts.name, email: analysts.email })
    .from(analysts)
    .where(eq(analysts.accountId, scope.accountId));
  const byId = new Map(names.map((a) => [a.id, a]));
  const perAnalyst = new Map<string, WeekRow[]>();
  for (const r of found) perAnalyst.set(r.analyst_id, [...(perAnalyst.get(r.analyst_id) ?? []), r]);
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(q)
    .where(inScope(q, scope, eq(q.status, "pending")));
  return {
    object: "quality_review_report" as const,
    start_time: iso(start),
    end_time: iso(end),
    pending: Number(pending?.n ?? 0),
    analysts: [...perAnalyst.entries()].map(([id, weeks]) => {
      const sum = (k: "reviewed" | "agreed" | "overturned") => weeks.reduce((s, w) => s + Number(w[k]), 0);
      const reviewed = sum("reviewed");
      return {
        analyst_id: id,
        name: byId.get(id)?.name ?? null,
        email: byId.get(id)?.email ?? null,
        reviewed,
        agreed: sum("agreed"),
        overturned: sum("overturned"),
        agreement_rate: rate(sum("agreed"), reviewed)!,
        overturn_rate: rate(sum("overturned"), reviewed)!,
        weeks: weeks.map((w) => ({
          week_start: w.week,
          reviewed: Number(w.reviewed),
          agreed: Number(w.agreed),
          overturned: Number(w.overturned),
          agreement_rate: rate(Number(w.agreed), Number(w.reviewed))!,
          overturn_rate: rate(Number(w.overturned), Number(w.reviewed))!,
        })),
      };
    }),
  };
}

export type QualityReport = Awaited<ReturnType<typeof qualityReport>>;
