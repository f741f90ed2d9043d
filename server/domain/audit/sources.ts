import { and, asc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  analysts,
  analystSessions,
  apiKeys,
  approvals,
  caseEvents,
  decisions,
  detectionSettings,
  qualityReviews,
  riskPolicies,
} from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";

/** One line of the account's audit-log export (server/domain/audit/README.md). */
export type AuditLine = {
  id: string;
  type: string;
  at: Date;
  environment: "live" | "test" | null;
  /** An analyst id (`ana_…`), an API key id (`key_…`) or another recorded actor; null when not recorded. */
  actor: string | null;
  object: { type: string; id: string };
  data: Record<string, unknown>;
};

export type Cursor = { at: Date; id: string };
/** One kind of audit entry, read oldest first in keyset pages of `limit` after `cursor`. */
export type Source = (cursor: Cursor | null, limit: number) => Promise<AuditLine[]>;
type Period = { start: Date; end: Date };

// Timestamps set by now() keep microseconds, which a JavaScript Date (the cursor) cannot hold: a
// cursor of such a row would compare below it and repeat it. Those are read to the millisecond.
const ms = (col: PgColumn): SQL<Date> =>
  sql<Date>`date_trunc('milliseconds', ${col})`.mapWith((v: string | Date) => (v instanceof Date ? v : new Date(v)));

/** The period and keyset conditions on (time, id), and the order that goes with them. */
function window(time: SQL<Date> | PgColumn, id: PgColumn, p: Period, cursor: Cursor | null) {
  const where = and(
    sql`${time} >= ${p.start}`,
    sql`${time} <= ${p.end}`,
    cursor ? sql`(${time}, ${id}) > (${cursor.at}, ${cursor.id})` : undefined,
  );
  return { where, orderBy: [asc(time), asc(id)] };
}

/** Every source of the account's audit entries for one environment (account-wide ones included). */
export function auditSources(db: Db, scope: Scope, p: Period): Source[] {
  const env = scope.environment;
  const account = scope.accountId;
  return [
    async (cursor, limit) => {
      const w = window(caseEvents.createdAt, caseEvents.id, p, cursor);
      const rows = await db
        .select()
        .from(caseEvents)
        .where(inScope(caseEvents, scope, w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        type: `case.${r.action}`,
        at: r.createdAt,
        environment: env,
        actor: r.actorId,
        object: { type: "case", id: r.caseId },
        data: { seq: r.seq, ...r.details, snapshot: r.snapshot ?? null, hash: r.hash },
      }));
    },
    async (cursor, limit) => {
      const w = window(decisions.createdAt, decisions.id, p, cursor);
      const rows = await db
        .select()
        .from(decisions)
        .where(inScope(decisions, scope, w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        type: r.screeningId ? "screening.reviewed" : "decision.recorded",
        at: r.createdAt,
        environment: env,
        actor: r.analystId ?? r.actorId,
        object: r.screeningId ? { type: "screening", id: r.screeningId } : { type: "transaction", id: r.transactionId as string },
        data: {
          decision: r.decision,
          reason: r.reason,
          notes: r.notes,
          seq: r.seq,
          api_key_id: r.actorId,
          snapshot: r.snapshot ?? null,
          hash: r.hash,
        },
      }));
    },
    async (cursor, limit) => {
      const w = window(apiKeys.createdAt, apiKeys.id, p, cursor);
      const rows = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.accountId, account), eq(apiKeys.environment, env), w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      return rows.map((r) => ({
        id: `${r.id}.created`,
        type: "api_key.created",
        at: r.createdAt,
        environment: env,
        actor: r.createdBy,
        object: { type: "api_key", id: r.id },
        data: { label: r.label, scopes: r.scopes, last_four: r.lastFour },
      }));
    },
    async (cursor, limit) => {
      const at = ms(apiKeys.revokedAt);
      const w = window(at, apiKeys.id, p, cursor);
      const rows = await db
        .select({ id: apiKeys.id, at, label: apiKeys.label })
        .from(apiKeys)
        .where(and(eq(apiKeys.accountId, account), eq(apiKeys.environment, env), isNotNull(apiKeys.revokedAt), w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      return rows.map((r) => ({
        id: `${r.id}.revoked`,
        type: "api_key.revoked",
        at: r.at,
        environment: env,
        actor: null,
        object: { type: "api_key", id: r.id },
        data: { label: r.label },
      }));
    },
    async (cursor, limit) => {
      const w = window(analysts.createdAt, analysts.id, p, cursor);
      const rows = await db
        .select()
        .from(analysts)
        .where(and(eq(analysts.accountId, account), w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      return rows.map((r) => ({
        id: `${r.id}.created`,
        type: "analyst.created",
        at: r.createdAt,
        environment: null,
        actor: null,
        object: { type: "analyst", id: r.id },
        data: { email: r.email, name: r.name, role: r.role },
      }));
    },
    async (cursor, limit) => {
      const at = ms(analysts.disabledAt);
      const w = window(at, analysts.id, p, cursor);
      const rows = await db
        .select({ id: analysts.id, at, email: analysts.email })
        .from(analysts)
        .where(and(eq(analysts.accountId, account), isNotNull(analysts.disabledAt), w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      return rows.map((r) => ({
        id: `${r.id}.disabled`,
        type: "analyst.disabled",
        at: r.at,
        environment: null,
        actor: null,
        object: { type: "analyst", id: r.id },
        data: { email: r.email },
      }));
    },
    async (cursor, limit) => {
      const w = window(analystSessions.createdAt, analystSessions.id, p, cursor);
      const rows = await db
        .select()
        .from(analystSessions)
        .where(and(eq(analystSessions.accountId, account), w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      return rows.map((r) => ({
        id: `${r.id}.started`,
        type: "analyst.signed_in",
        at: r.createdAt,
        environment: null,
        actor: r.analystId,
        object: { type: "analyst_session", id: r.id },
        data: { method: r.method },
      }));
    },
    async (cursor, limit) => {
      const at = ms(analystSessions.endedAt);
      const w = window(at, analystSessions.id, p, cursor);
      const rows = await db
        .select({ id: analystSessions.id, at, analystId: analystSessions.analystId, reason: analystSessions.endReason })
        .from(analystSessions)
        .where(and(eq(analystSessions.accountId, account), isNotNull(analystSessions.endedAt), w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      return rows.map((r) => ({
        id: `${r.id}.ended`,
        type: "analyst.session_ended",
        at: r.at,
        environment: null,
        actor: r.analystId,
        object: { type: "analyst_session", id: r.id },
        data: { reason: r.reason },
      }));
    },
    // Policies keep their current version only (no history): the latest change, if in the period.
    async (cursor, limit) => {
      const at = ms(riskPolicies.updatedAt);
      const w = window(at, riskPolicies.environment, p, cursor);
      const rows = await db
        .select({ at, version: riskPolicies.version, by: riskPolicies.updatedBy })
        .from(riskPolicies)
        .where(inScope(riskPolicies, scope, w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      return rows.map((r) => ({
        id: `${env}`,
        type: "policy.updated",
        at: r.at,
        environment: env,
        actor: r.by,
        object: { type: "policy", id: `score:${env}` },
        data: { version: r.version },
      }));
    },
    async (cursor, limit) => {
      const at = ms(detectionSettings.updatedAt);
      const w = window(at, detectionSettings.environment, p, cursor);
      const rows = await db
        .select({ at, version: detectionSettings.version, by: detectionSettings.updatedBy })
        .from(detectionSettings)
        .where(inScope(detectionSettings, scope, w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      return rows.map((r) => ({
        id: `${env}`,
        type: "detection_policy.updated",
        at: r.at,
        environment: env,
        actor: r.by,
        object: { type: "detection_policy", id: `detection:${env}` },
        data: { version: r.version },
      }));
    },
    ...approvalSources(db, scope, p),
    ...qualityReviewSources(db, scope, p),
  ];
}

/** Four-eyes: an approval requested (by its maker) and decided (by its decider). */
function approvalSources(db: Db, scope: Scope, p: Period): Source[] {
  const env = scope.environment;
  const data = (r: typeof approvals.$inferSelect) => ({
    action: r.action,
    object_id: r.objectId,
    object_version: r.objectVersion,
    maker_id: r.makerId,
    status: r.status,
    reason: r.reason,
  });
  return [
    async (cursor, limit) => {
      const w = window(approvals.createdAt, approvals.id, p, cursor);
      const rows = await db
        .select()
        .from(approvals)
        .where(inScope(approvals, scope, w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      return rows.map((r) => ({
        id: `${r.id}.requested`,
        type: "approval.requested",
        at: r.createdAt,
        environment: env,
        actor: r.makerId,
        object: { type: "approval", id: r.id },
        data: { ...data(r), request: r.request },
      }));
    },
    async (cursor, limit) => {
      const at = ms(approvals.decidedAt);
      const w = window(at, approvals.id, p, cursor);
      const rows = await db
        .select({ r: approvals, at })
        .from(approvals)
        .where(inScope(approvals, scope, isNotNull(approvals.decidedAt), w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      return rows.map(({ r, at }) => ({
        id: `${r.id}.decided`,
        type: `approval.${r.status}`,
        at,
        environment: env,
        actor: r.deciderId,
        object: { type: "approval", id: r.id },
        data: data(r),
      }));
    },
  ];
}

/** Blind second review: a resolved case drawn for it, and the second analyst's resolution given. */
function qualityReviewSources(db: Db, scope: Scope, p: Period): Source[] {
  const env = scope.environment;
  const data = (r: typeof qualityReviews.$inferSelect) => ({
    case_id: r.caseId,
    first_analyst_id: r.firstAnalystId,
    first_resolution: r.firstResolution,
  });
  return [
    async (cursor, limit) => {
      const w = window(qualityReviews.drawnAt, qualityReviews.id, p, cursor);
      const rows = await db
        .select()
        .from(qualityReviews)
        .where(inScope(qualityReviews, scope, w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      // Drawn by the resolution itself (a share of the policy), so no analyst is its actor.
      return rows.map((r) => ({
        id: `${r.id}.drawn`,
        type: "quality_review.drawn",
        at: r.drawnAt,
        environment: env,
        actor: null,
        object: { type: "quality_review", id: r.id },
        data: data(r),
      }));
    },
    async (cursor, limit) => {
      const at = ms(qualityReviews.completedAt);
      const w = window(at, qualityReviews.id, p, cursor);
      const rows = await db
        .select({ r: qualityReviews, at })
        .from(qualityReviews)
        .where(inScope(qualityReviews, scope, isNotNull(qualityReviews.completedAt), w.where))
        .orderBy(...w.orderBy)
        .limit(limit);
      return rows.map(({ r, at }) => ({
        id: `${r.id}.completed`,
        type: "quality_review.completed",
        at,
        environment: env,
        actor: r.secondAnalystId,
        object: { type: "quality_review", id: r.id },
        data: { ...data(r), second_resolution: r.secondResolution, notes: r.secondNotes, agreed: r.agreed },
      }));
    },
  ];
}
