import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/client";
import { alerts, alertTransactions, alertUsers, type AlertType } from "../../db/schema";
import { inScope, scopeValues, type Scope } from "../../db/scope";
import type { JobQueue } from "../../jobs/queue";
import { newId } from "../../common/ids";
import { appendEvent } from "../events/append";
import { emitWebhookEvent } from "../webhooks/emit";
import { serializeAlert, type AlertRow } from "./serialize";
import { computeSeverity, toMajorUnits } from "./severity";

/** What the detection engine reports when a pattern is complete (or grows). */
export type RaiseAlertInput = {
  type: AlertType;
  /** Groups hits of one pattern: the IP, device, user, card, document… or "account". */
  key: string;
  /** 0–1: how sure the detector is that the pattern is fraud. */
  confidence: number;
  /** The users behind this hit (de-duplicated here; already-known ones are ignored on folding). */
  userIds: string[];
  /** The live transactions behind this hit; their amounts make the exposure. */
  transactionIds: string[];
  summary: string;
  evidence?: Record<string, unknown>;
  /** The request that completed the pattern, for the `alert.triggered` log event (default: the last ids). */
  trigger?: { transactionId?: string | null; userId?: string | null };
};

export type RaiseAlertResult = { alert: AlertRow; created: boolean };

const MEMBER_CHUNK = 1000;
const nowMs = sql`date_trunc('milliseconds', now())`;

function distinct(ids: string[]): string[] {
  return [...new Set(ids.filter((id) => typeof id === "string" && id.length > 0))];
}

async function addMembers(db: Db, scope: Scope, alertId: string, userIds: string[], transactionIds: string[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += MEMBER_CHUNK) {
    const chunk = userIds.slice(i, i + MEMBER_CHUNK).map((userId) => ({ alertId, ...scopeValues(scope), userId }));
    await db.insert(alertUsers).values(chunk).onConflictDoNothing();
  }
  for (let i = 0; i < transactionIds.length; i += MEMBER_CHUNK) {
    const chunk = transactionIds.slice(i, i + MEMBER_CHUNK).map((transactionId) => ({ alertId, ...scopeValues(scope), transactionId }));
    await db.insert(alertTransactions).values(chunk).onConflictDoNothing();
  }
}

/**
 * Recounts an alert from its member rows and recomputes its severity. Exposure is the sum of the
 * member transactions' amounts in the currency that weighs most in major units (no FX rates).
 */
async function recompute(db: Db, scope: Scope, row: AlertRow, input: RaiseAlertInput): Promise<AlertRow> {
  const [counts] = await rows<{ users: number; transactions: number }>(
    db,
    sql`select (select count(*) from alert_users where alert_id = ${row.id})::int as users,
               (select count(*) from alert_transactions where alert_id = ${row.id})::int as transactions`,
  );
  const sums = await rows<{ currency: string; amount: number | string }>(
    db,
    sql`select t.currency, sum(t.amount)::bigint as amount
        from alert_transactions m
        join transactions t on t.id = m.transaction_id and t.account_id = ${scope.accountId} and t.environment = ${scope.environment}
        where m.alert_id = ${row.id}
        group by t.currency`,
  );
  const exposure = sums
    .map((s) => ({ currency: s.currency, amount: Number(s.amount) }))
    .sort((a, b) => toMajorUnits(b.amount, b.currency) - toMajorUnits(a.amount, a.currency) || a.currency.localeCompare(b.currency))[0];
  const next = {
    affectedUsers: Number(counts?.users ?? 0),
    affectedTransactions: Number(counts?.transactions ?? 0),
    exposureAmount: exposure?.amount ?? 0,
    exposureCurrency: exposure?.currency ?? null,
    confidence: Math.max(row.confidence, clampConfidence(input.confidence)),
    summary: input.summary,
    evidence: input.evidence ?? row.evidence ?? {},
  };
  const severity = computeSeverity({
    confidence: next.confidence,
    affectedUsers: next.affectedUsers,
    affectedTransactions: next.affectedTransactions,
    exposureMinor: next.exposureAmount,
    currency: next.exposureCurrency,
  });
  const changed =
    next.affectedUsers !== row.affectedUsers ||
    next.affectedTransactions !== row.affectedTransactions ||
    next.exposureAmount !== row.exposureAmount ||
    next.exposureCurrency !== row.exposureCurrency ||
    next.confidence !== row.confidence ||
    next.summary !== row.summary ||
    severity !== row.severity ||
    JSON.stringify(next.evidence) !== JSON.stringify(row.evidence ?? {});
  if (!changed) return row;
  const [updated] = await db
    .update(alerts)
    .set({ ...next, severity, updatedAt: nowMs })
    .where(eq(alerts.id, row.id))
    .returning();
  return updated as AlertRow;
}

function clampConfidence(c: number): number {
  if (!Number.isFinite(c)) throw new RangeError("confidence must be a number between 0 and 1");
  return Math.min(1, Math.max(0, c));
}

/**
 * Raises an alert, or folds the hit into the open alert of the same type and key.
 *
 * A new alert writes its `alert.triggered` log event and `alert.triggered` webhook in the same
 * transaction as the alert itself, so both exist exactly when the alert does. Folding (new users,
 * transactions, a higher confidence) recounts the alert, recomputes its severity and bumps
 * `updated_at`, without a new event or webhook. Only `open` alerts absorb hits: an acknowledged or
 * resolved alert is left as the team saw it, and a later hit opens a fresh alert.
 *
 * Concurrency: the partial unique index on (account, environment, type, key) where status is open
 * admits one open alert per pattern. A raise that loses the insert race folds into the winner's.
 * Call it with the transaction of the change that completed the pattern, or with the root handle.
 */
export async function raiseAlert(db: Db, jobs: JobQueue, scope: Scope, input: RaiseAlertInput): Promise<RaiseAlertResult> {
  if (!input.key) throw new RangeError("an alert needs a key");
  if (!input.summary) throw new RangeError("an alert needs a summary");
  const confidence = clampConfidence(input.confidence);
  const userIds = distinct(input.userIds);
  const transactionIds = distinct(input.transactionIds);

  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    for (let attempt = 0; attempt < 5; attempt++) {
      const [open] = await tx
        .select()
        .from(alerts)
        .where(inScope(alerts, scope, eq(alerts.alertType, input.type), eq(alerts.key, input.key), eq(alerts.status, "open")))
        .limit(1)
        .for("update");
      if (open) {
        await addMembers(tx, scope, open.id, userIds, transactionIds);
        return { alert: await recompute(tx, scope, open, input), created: false };
      }

      const [inserted] = await tx
        .insert(alerts)
        .values({
          id: newId("alert"),
          ...scopeValues(scope),
          alertType: input.type,
          key: input.key,
          status: "open",
          severity: "low",
          confidence,
          summary: input.summary,
          evidence: input.evidence ?? {},
        })
        .onConflictDoNothing({
          target: [alerts.accountId, alerts.environment, alerts.alertType, alerts.key],
          where: sql`status = 'open'`,
        })
        .returning();
      // Lost the race to a concurrent raise (its row is now visible): fold into it.
      if (!inserted) continue;

      await addMembers(tx, scope, inserted.id, userIds, transactionIds);
      // Recompute from a zero baseline so the first severity is computed like every later one.
      const alert = await recompute(tx, scope, { ...inserted, confidence: 0, severity: "low" as const }, input);
      const resource = serializeAlert(alert);
      const { object: _object, ...payload } = resource;
      await appendEvent(tx, scope, {
        type: "alert.triggered",
        transactionId: pick(input.trigger?.transactionId, transactionIds),
        userId: pick(input.trigger?.userId, userIds),
        payload,
      });
      await emitWebhookEvent(tx, jobs, scope, "alert.triggered", resource);
      return { alert, created: true };
    }
    throw new Error(`could not raise or fold alert ${input.type}/${input.key}: open alert kept changing`);
  });
}

function pick(explicit: string | null | undefined, ids: string[]): string | null {
  if (explicit !== undefined) return explicit;
  return ids[ids.length - 1] ?? null;
}

/** The open alert of a type and key, if any (for detectors that want to skip needless work). */
export async function findOpenAlert(db: Db, scope: Scope, type: AlertType, key: string): Promise<AlertRow | undefined> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(inScope(alerts, scope, eq(alerts.alertType, type), eq(alerts.key, key), eq(alerts.status, "open"))));
  return row;
}
