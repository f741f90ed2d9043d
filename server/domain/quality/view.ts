import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { alerts, caseEvents, cases, qualityReviews, transactions } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { iso, isoSeconds } from "../../core/time";

export type QualityReviewRow = typeof qualityReviews.$inferSelect;

/** Two resolutions on opposite sides of fraud (confirmed_fraud against false_positive): an overturn. */
export function isOverturn(first: string, second: string | null): boolean {
  return (first === "confirmed_fraud" && second === "false_positive") || (first === "false_positive" && second === "confirmed_fraud");
}

/**
 * A review as the console shows it. While it is pending it is blind: the case's facts, its
 * transactions (the engine's score and decision, never an analyst's decision or label), its alerts
 * (never their status, resolution or notes) and the notes written before the resolving request.
 * Nothing of the resolution, nor who made it, appears until the second resolution is in.
 */
export async function reviewView(db: Db, scope: Scope, review: QualityReviewRow) {
  const [c] = await db
    .select()
    .from(cases)
    .where(inScope(cases, scope, eq(cases.id, review.caseId)));
  const caseRow = c!;
  const notes = await db
    .select()
    .from(caseEvents)
    .where(and(eq(caseEvents.caseId, review.caseId), eq(caseEvents.action, "note_added")))
    .orderBy(asc(caseEvents.seq));
  const txs =
    caseRow.transactionIds.length === 0
      ? []
      : await db
          .select({
            id: transactions.id,
            userId: transactions.userId,
            amount: transactions.amount,
            currency: transactions.currency,
            riskScore: transactions.riskScore,
            decision: transactions.decision,
            signals: transactions.signals,
            createdAt: transactions.createdAt,
          })
          .from(transactions)
          .where(inScope(transactions, scope, inArray(transactions.id, caseRow.transactionIds)))
          .orderBy(asc(transactions.createdAt), asc(transactions.id));
  const linked =
    caseRow.alertIds.length === 0
      ? []
      : await db
          .select({
            id: alerts.id,
            alertType: alerts.alertType,
            severity: alerts.severity,
            summary: alerts.summary,
            confidence: alerts.confidence,
            exposureAmount: alerts.exposureAmount,
            exposureCurrency: alerts.exposureCurrency,
            createdAt: alerts.createdAt,
          })
          .from(alerts)
          .where(inScope(alerts, scope, inArray(alerts.id, caseRow.alertIds)))
          .orderBy(asc(alerts.createdAt), asc(alerts.id));
  const completed = review.status === "completed";
  const note = (e: (typeof notes)[number]) => ({ note: String(e.details.note ?? ""), timestamp: iso(e.createdAt) });
  return {
    object: "quality_review" as const,
    review_id: review.id,
    status: review.status,
    drawn_at: iso(review.drawnAt),
    completed_at: isoSeconds(review.completedAt),
    case: {
      case_id: caseRow.id,
      title: caseRow.title,
      case_type: caseRow.caseType,
      severity: caseRow.severity,
      user_id: caseRow.userId,
      created_at: iso(caseRow.createdAt),
    },
    notes_before_resolution: notes.filter((e) => e.seq < review.resolvedSeq).map(note),
    transactions: txs.map((t) => ({
      transaction_id: t.id,
      user_id: t.userId,
      amount: t.amount,
      currency: t.currency,
      risk_score: t.riskScore,
      decision: t.decision,
      signals: t.signals.map((s) => s.name),
      created_at: iso(t.createdAt),
    })),
    alerts: linked.map((a) => ({
      alert_id: a.id,
      alert_type: a.alertType,
      severity: a.severity,
      summary: a.summary,
      confidence: a.confidence,
      exposure_amount: a.exposureAmount,
      exposure_currency: a.exposureCurrency,
      created_at: iso(a.createdAt),
    })),
    // The reveal: only once the second resolution is recorded.
    first: completed
      ? {
          analyst_id: review.firstAnalystId,
          resolution: review.firstResolution,
          notes: notes.filter((e) => e.seq >= review.resolvedSeq).map(note),
        }
      : null,
    second: completed ? { analyst_id: review.secondAnalystId!, resolution: review.secondResolution!, notes: review.secondNotes } : null,
    agreed: completed ? review.agreed : null,
    overturned: completed ? isOverturn(review.firstResolution, review.secondResolution) : null,
  };
}

export type QualityReviewResource = Awaited<ReturnType<typeof reviewView>>;

/** The queue's rows: the case's facts only (the same blindness as the detail). */
export async function queueRows(db: Db, scope: Scope, reviews: QualityReviewRow[]) {
  const ids = reviews.map((r) => r.caseId);
  const found =
    ids.length === 0
      ? []
      : await db
          .select({
            id: cases.id,
            title: cases.title,
            caseType: cases.caseType,
            severity: cases.severity,
            userId: cases.userId,
            createdAt: cases.createdAt,
          })
          .from(cases)
          .where(inScope(cases, scope, inArray(cases.id, ids)));
  const byId = new Map(found.map((c) => [c.id, c]));
  return reviews.map((r) => {
    const c = byId.get(r.caseId)!;
    return {
      object: "quality_review_item" as const,
      review_id: r.id,
      status: r.status,
      drawn_at: iso(r.drawnAt),
      completed_at: isoSeconds(r.completedAt),
      case: {
        case_id: c.id,
        title: c.title,
        case_type: c.caseType,
        severity: c.severity,
        user_id: c.userId,
        created_at: iso(c.createdAt),
      },
    };
  });
}
