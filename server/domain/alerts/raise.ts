import { and, eq, sql, type SQL } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { rows, together } from "../../db/client";
import { alerts, type AlertType } from "../../db/schema";
import { inScope, scopeValues, type Scope } from "../../db/scope";
import type { JobQueue } from "../../jobs/queue";
import { newId } from "../../core/ids";
import { arrayText } from "../../db/array-text";
import { mapRow } from "../../db/map-row";
import { appendEvents } from "../events";
import { emitWebhookEvents } from "../webhooks";
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

const nowMs = sql`date_trunc('milliseconds', now())`;

/** A hit checked and de-duplicated, with its place in the caller's list. */
type Hit = RaiseAlertInput & { at: number; confidence: number };
/** An alert a hit lands in: the row as locked (or as inserted, from a zero baseline). */
type Target = { hit: Hit; row: AlertRow; created: boolean };

function distinct(ids: string[]): string[] {
  return [...new Set(ids.filter((id) => typeof id === "string" && id.length > 0))];
}

function clampConfidence(c: number): number {
  if (!Number.isFinite(c)) throw new RangeError("confidence must be a number between 0 and 1");
  return Math.min(1, Math.max(0, c));
}

const patternOf = (h: { type: string; key: string }) => `${h.type}\u0000${h.key}`;

/**
 * The open alerts of these patterns, locked in the order of `hits` (sorted by type and key: the
 * same order every runner locks in). One probe of the open-key index per pattern (a LATERAL
 * lookup), whatever the number of open alerts: written as a semi-join, the planner walked every
 * open alert of the account when the table's statistics called it small, a cost that grew with
 * the open alerts. The lookup needs current statistics too, or the planner may probe the
 * (account, status, severity) index instead: on the embedded database the upkeep analyzes
 * `alerts` (db/pglite-maintenance.ts), on a server autovacuum does.
 */
async function lockOpen(db: Db, scope: Scope, hits: Hit[]): Promise<Map<string, AlertRow>> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select a.* from unnest(${arrayText(hits.map((h) => h.type))}::text[], ${arrayText(hits.map((h) => h.key))}::text[]) with ordinality as h(t, k, n)
        cross join lateral (
          select * from alerts x
          where x.account_id = ${scope.accountId} and x.environment = ${scope.environment}
            and x.alert_type = h.t and x.key = h.k and x.status = 'open'
          for update) a
        order by h.n`,
  );
  return new Map(found.map((raw) => mapRow(alerts, raw)).map((r) => [patternOf({ type: r.alertType, key: r.key }), r]));
}

/** Inserts an open alert per hit; a pattern whose open alert a concurrent raise just made gets none. */
async function insertOpen(db: Db, scope: Scope, hits: Hit[]): Promise<Map<string, AlertRow>> {
  if (hits.length === 0) return new Map();
  const inserted = await db
    .insert(alerts)
    .values(
      hits.map((h) => ({
        id: newId("alert"),
        ...scopeValues(scope),
        alertType: h.type,
        key: h.key,
        status: "open" as const,
        severity: "low" as const,
        confidence: h.confidence,
        summary: h.summary,
        evidence: h.evidence ?? {},
      })),
    )
    .onConflictDoNothing({ target: [alerts.accountId, alerts.environment, alerts.alertType, alerts.key], where: sql`status = 'open'` })
    .returning();
  return new Map(inserted.map((r) => [patternOf({ type: r.alertType, key: r.key }), r]));
}

/** What joining members added to one alert: new distinct users and transactions. */
type Added = { users: number; transactions: number };
/** An alert's per-currency sum of its member transactions' amounts, after joining. */
type ExposureSum = { alert_id: string; currency: string; amount: number | string };

/**
 * Adds the hits' users and transactions to their alerts (a member already there is skipped) and
 * the new transactions' amounts to the alerts' per-currency sums, then reads those sums back:
 * three statements whatever the number of hits, sent together (see `together`; the read runs
 * last). Returns what was new per alert: folding then costs what its new members cost, never a
 * recount of the members an alert already has.
 */
async function addMembers(db: Db, scope: Scope, targets: Target[]): Promise<{ added: Map<string, Added>; sums: ExposureSum[] }> {
  // Two columns as array parameters (unnest): a burst of hits names thousands of members.
  const pairs = (ids: (t: Target) => string[]) => {
    const alertIds: string[] = [];
    const members: string[] = [];
    for (const t of targets) {
      for (const id of ids(t)) {
        alertIds.push(t.row.id);
        members.push(id);
      }
    }
    return { alertIds: arrayText(alertIds), members: arrayText(members), n: members.length };
  };
  const users = pairs((t) => t.hit.userIds);
  const txns = pairs((t) => t.hit.transactionIds);
  // New members per alert, from an insert that reports them (nothing to send without members).
  const counted = (members: { n: number }, query: SQL) =>
    members.n === 0 ? Promise.resolve([]) : rows<{ alert_id: string; n: number }>(db, query);
  // A member id with no transaction in the scope counts as a member and adds no amount (nor an
  // entity: its device, card and address are copied for clusters.ts). `summed`
  // is selected by nothing: PostgreSQL runs a data-modifying CTE whether or not it is read.
  const [usersCounted, txnsCounted, sums] = await together(
    counted(
      users,
      sql`with joined as (
            insert into alert_users (alert_id, account_id, environment, user_id)
            select m.a, ${scope.accountId}, ${scope.environment}, m.u from unnest(${users.alertIds}::text[], ${users.members}::text[]) as m(a, u)
            on conflict do nothing
            returning alert_id)
          select alert_id, count(*)::int as n from joined group by alert_id`,
    ),
    counted(
      txns,
      sql`with joined as (
            insert into alert_transactions (alert_id, account_id, environment, transaction_id, device_id, card_key, ip_address)
            select m.a, ${scope.accountId}, ${scope.environment}, m.t, x.device_id, x.card_key, x.ip_address
            from unnest(${txns.alertIds}::text[], ${txns.members}::text[]) as m(a, t)
            left join transactions x on x.id = m.t and x.account_id = ${scope.accountId} and x.environment = ${scope.environment}
            on conflict do nothing
            returning alert_id, transaction_id),
          sums as (
            select j.alert_id, t.currency, count(*)::int as n, sum(t.amount) as amount
            from joined j
            left join transactions t on t.id = j.transaction_id and t.account_id = ${scope.accountId} and t.environment = ${scope.environment}
            group by j.alert_id, t.currency),
          summed as (
            insert into alert_exposure (alert_id, currency, amount)
            select alert_id, currency, amount from sums where currency is not null
            on conflict (alert_id, currency) do update set amount = alert_exposure.amount + excluded.amount)
          select alert_id, sum(n)::int as n from sums group by alert_id`,
    ),
    // Sent after the inserts, so it sees what they added.
    rows<ExposureSum>(
      db,
      sql`select alert_id, currency, amount from alert_exposure where alert_id = any(${arrayText(targets.map((t) => t.row.id))}::text[])`,
    ),
  );
  const added = new Map<string, Added>(targets.map((t) => [t.row.id, { users: 0, transactions: 0 }]));
  for (const c of usersCounted) added.get(c.alert_id)!.users = Number(c.n);
  for (const c of txnsCounted) added.get(c.alert_id)!.transactions = Number(c.n);
  return { added, sums };
}

/**
 * Recomputes the alerts' counts and severity from what joining added, in one statement whatever
 * their number. Exposure is the per-currency sum of the member transactions' amounts in the
 * currency that weighs most in major units (no FX rates). An alert whose figures did not change is
 * left as it was (updated_at included).
 */
async function recompute(
  db: Db,
  targets: Target[],
  { added, sums }: { added: Map<string, Added>; sums: ExposureSum[] },
): Promise<AlertRow[]> {
  const byAlert = new Map<string, { currency: string; amount: number }[]>();
  for (const s of sums) {
    let list = byAlert.get(s.alert_id);
    if (!list) byAlert.set(s.alert_id, (list = []));
    list.push({ currency: s.currency, amount: Number(s.amount) });
  }
  const out: AlertRow[] = [];
  const changed: AlertRow[] = [];
  for (const { hit, row } of targets) {
    const add = added.get(row.id) ?? { users: 0, transactions: 0 };
    const exposure = (byAlert.get(row.id) ?? []).sort(
      (a, b) => toMajorUnits(b.amount, b.currency) - toMajorUnits(a.amount, a.currency) || a.currency.localeCompare(b.currency),
    )[0];
    const next = {
      affectedUsers: row.affectedUsers + add.users,
      affectedTransactions: row.affectedTransactions + add.transactions,
      exposureAmount: exposure?.amount ?? 0,
      exposureCurrency: exposure?.currency ?? null,
      confidence: Math.max(row.confidence, hit.confidence),
      summary: hit.summary,
      evidence: hit.evidence ?? row.evidence ?? {},
    };
    const severity = computeSeverity({
      confidence: next.confidence,
      affectedUsers: next.affectedUsers,
      affectedTransactions: next.affectedTransactions,
      exposureMinor: next.exposureAmount,
      currency: next.exposureCurrency,
    });
    const same =
      next.affectedUsers === row.affectedUsers &&
      next.affectedTransactions === row.affectedTransactions &&
      next.exposureAmount === row.exposureAmount &&
      next.exposureCurrency === row.exposureCurrency &&
      next.confidence === row.confidence &&
      next.summary === row.summary &&
      severity === row.severity &&
      JSON.stringify(next.evidence) === JSON.stringify(row.evidence ?? {});
    const updated = same ? row : { ...row, ...next, severity };
    out.push(updated);
    if (!same) changed.push(updated);
  }
  if (changed.length === 0) return out;
  const col = (f: (r: AlertRow) => string | number | null) => arrayText(changed.map(f));
  // The stored severity rank (a generated column), time and due time (set by a trigger when the
  // severity changes) come back from the update itself.
  const stamped = await rows<{ id: string; severity_rank: number; updated_at: Date | string; due_at: Date | string }>(
    db,
    sql`update alerts a set affected_users = u.users, affected_transactions = u.txns, exposure_amount = u.amount,
          exposure_currency = u.currency, confidence = u.confidence, summary = u.summary, evidence = u.evidence,
          severity = u.severity, updated_at = ${nowMs}
        from unnest(${col((r) => r.id)}::text[], ${col((r) => r.affectedUsers)}::bigint[], ${col((r) => r.affectedTransactions)}::bigint[],
          ${col((r) => r.exposureAmount)}::bigint[], ${col((r) => r.exposureCurrency)}::text[], ${col((r) => r.confidence)}::float8[],
          ${col((r) => r.summary)}::text[], ${col((r) => JSON.stringify(r.evidence ?? {}))}::jsonb[], ${col((r) => r.severity)}::text[])
          as u(id, users, txns, amount, currency, confidence, summary, evidence, severity)
        where a.id = u.id
        returning a.id, a.severity_rank, a.updated_at, a.due_at`,
  );
  const stamps = new Map(stamped.map((r) => [r.id, r]));
  const written = new Set(changed);
  return out.map((r) => {
    const st = written.has(r) ? stamps.get(r.id) : undefined;
    return st ? { ...r, severityRank: Number(st.severity_rank), updatedAt: new Date(st.updated_at), dueAt: new Date(st.due_at) } : r;
  });
}

/** The `alert.triggered` log events and webhooks of new alerts, written with them. */
async function announce(db: Db, jobs: JobQueue, scope: Scope, created: { hit: Hit; alert: AlertRow }[]): Promise<void> {
  if (created.length === 0) return;
  const resources = created.map(({ alert }) => serializeAlert(alert));
  await together(
    appendEvents(
      db,
      scope,
      created.map(({ hit }, i) => {
        const { object: _object, ...payload } = resources[i]!;
        return {
          type: "alert.triggered" as const,
          transactionId: pick(hit.trigger?.transactionId, hit.transactionIds),
          userId: pick(hit.trigger?.userId, hit.userIds),
          payload,
        };
      }),
    ),
    emitWebhookEvents(db, jobs, scope, "alert.triggered", resources),
  );
}

/**
 * Raises alerts, or folds hits into the open alert of the same type and key: a fixed number of
 * statements for the whole list (the detection engine raises every hit of an evaluation batch at
 * once; statement count, not rows, is what a burst of hits costs).
 *
 * A new alert writes its `alert.triggered` log event and `alert.triggered` webhook in the same
 * transaction as the alert itself, so both exist exactly when the alert does. Folding (new users,
 * transactions, a higher confidence) adds what is new to the alert's counts and per-currency
 * sums (never a recount of its members), recomputes its severity and bumps
 * `updated_at`, without a new event or webhook. Only `open` alerts absorb hits: an acknowledged or
 * resolved alert is left as the team saw it, and a later hit opens a fresh alert. Hits of the same
 * pattern in one list apply in their order (the second folds into what the first made).
 *
 * Concurrency: the partial unique index on (account, environment, type, key) where status is open
 * admits one open alert per pattern. A raise that loses the insert race folds into the winner's.
 * Open alerts are locked in (type, key) order, so two raisers cannot deadlock. Call it with the
 * transaction of the change that completed the patterns (it runs in that transaction, without a
 * savepoint of its own: an error aborts the caller's transaction), or with the root handle (it
 * opens one).
 */
export async function raiseAlerts(db: Db, jobs: JobQueue, scope: Scope, inputs: RaiseAlertInput[]): Promise<RaiseAlertResult[]> {
  const hits: Hit[] = inputs.map((input, at) => {
    if (!input.key) throw new RangeError("an alert needs a key");
    if (!input.summary) throw new RangeError("an alert needs a summary");
    return {
      ...input,
      at,
      confidence: clampConfidence(input.confidence),
      userIds: distinct(input.userIds),
      transactionIds: distinct(input.transactionIds),
    };
  });
  if (hits.length === 0) return [];
  // Rounds in which each pattern appears once, so a later hit of a pattern sees the earlier one's alert.
  const rounds: Hit[][] = [];
  const seen = new Map<string, number>();
  for (const h of hits) {
    const k = patternOf(h);
    const r = seen.get(k) ?? 0;
    seen.set(k, r + 1);
    (rounds[r] ??= []).push(h);
  }
  const results: RaiseAlertResult[] = new Array(hits.length);
  // Inside a caller's transaction, no nested one: its savepoint and release were two more round
  // trips while the detection run holds the embedded database's one session.
  const inTransaction = (db as unknown) instanceof PgTransaction;
  const run = (fn: (tx: Db) => Promise<void>) => (inTransaction ? fn(db) : db.transaction((txRaw) => fn(txRaw as unknown as Db)));
  await run(async (tx) => {
    for (const round of rounds) {
      let pending = [...round].sort((x, y) =>
        x.type === y.type ? (x.key < y.key ? -1 : x.key > y.key ? 1 : 0) : x.type < y.type ? -1 : 1,
      );
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt === 5)
          throw new Error(`could not raise or fold alert ${pending[0]!.type}/${pending[0]!.key}: open alert kept changing`);
        const open = await lockOpen(tx, scope, pending);
        const inserted = await insertOpen(
          tx,
          scope,
          pending.filter((h) => !open.has(patternOf(h))),
        );
        const targets: Target[] = [];
        const lost: Hit[] = [];
        for (const hit of pending) {
          const row = open.get(patternOf(hit));
          const fresh = inserted.get(patternOf(hit));
          // A new alert is recomputed from a zero baseline, so its first severity is computed like every later one.
          if (row) targets.push({ hit, row, created: false });
          else if (fresh) targets.push({ hit, row: { ...fresh, confidence: 0, severity: "low" }, created: true });
          // Lost the race to a concurrent raise (its row is visible now): fold into it next attempt.
          else lost.push(hit);
        }
        if (targets.length > 0) {
          const alertsNow = await recompute(tx, targets, await addMembers(tx, scope, targets));
          targets.forEach((t, i) => (results[t.hit.at] = { alert: alertsNow[i]!, created: t.created }));
          await announce(
            tx,
            jobs,
            scope,
            targets.flatMap((t, i) => (t.created ? [{ hit: t.hit, alert: alertsNow[i]! }] : [])),
          );
        }
        pending = lost;
      }
    }
  });
  return results;
}

/** Raises one alert, or folds the hit into the open alert of its type and key (see raiseAlerts). */
export async function raiseAlert(db: Db, jobs: JobQueue, scope: Scope, input: RaiseAlertInput): Promise<RaiseAlertResult> {
  const [result] = await raiseAlerts(db, jobs, scope, [input]);
  return result!;
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
