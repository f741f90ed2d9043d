import { sql } from "drizzle-orm";
import { rows, type Db } from "../../../db/client";
import type { Scope } from "../../../db/scope";
import type { DetectionThresholds } from "../settings";
import { atoConfidence } from "../confidence";
import { COMMIT_SKEW_MS, probes, probeTable, textArray } from "../windows";
import { plural, type DetectorContext, type Finding, type Hit } from "./types";

/** The user's average is taken over at most this many earlier live scores in the same currency. */
const AVERAGE_OVER = 100;

/**
 * ato_pattern: ≥ `users` distinct users whose account_change session from a device new to them
 * (no earlier session of that user on that device; a session whose device is not identified,
 * devices/device-id.ts, cannot say and does not count) is followed within follow_minutes by a live
 * score ≥ amount_multiplier × their average amount (earlier scores in the same currency, before
 * the session; a user without any has no average and cannot match), the sequences completing
 * within window_hours. Sequences are found per user as scores and sessions arrive and kept in
 * detection_ato_hits; the alert (key `account`) spans the users, whatever devices they used.
 */
export async function detectAto({ db, scope, batch, thresholds }: DetectorContext): Promise<Finding> {
  const t = thresholds.ato_pattern;
  if (!t.enabled) return [];
  const events = [
    ...batch.transactions.map((r) => ({ at: r.at, userId: r.userId })),
    ...batch.sessions.filter((s) => s.action === "account_change" && s.userId).map((s) => ({ at: s.at, userId: s.userId as string })),
  ];
  const followMs = t.follow_minutes * 60_000;
  const list = probes(events, (e) => e.userId, followMs);
  if (list.length === 0) return [];
  const a = scope.accountId;
  const e = scope.environment;

  // Sequences the batch completes (or reveals, when the score committed before the session).
  const found = await rows<Sequence>(
    db,
    sql`with s as (
          select distinct ds.id, ds.user_id, ds.device_id, ds.created_at
          from ${probeTable(list)}
          join device_sessions ds on ds.account_id = ${a} and ds.environment = ${e} and ds.user_id = k.key
            and ds.action = 'account_change' and ds.created_at > k.lo and ds.created_at <= k.hi
            and ds.identified
          where not exists (
            select 1 from device_sessions p where p.account_id = ${a} and p.environment = ${e}
              and p.device_id = ds.device_id and p.created_at < ds.created_at and p.user_id = ds.user_id
            order by p.created_at limit 1)
        ), q as (
          select s.id as session_id, s.user_id, s.device_id, t.id as txn_id, t.amount, t.currency, t.created_at as scored_at,
            (select avg(h.amount) from (
                select amount from transactions h
                where h.account_id = ${a} and h.environment = ${e} and h.user_id = s.user_id
                  and h.currency = t.currency and h.created_at < s.created_at
                order by h.created_at desc limit ${AVERAGE_OVER}) h)::float8 as average
          from s cross join lateral (
            select t.id, t.amount, t.currency, t.created_at from transactions t
            where t.account_id = ${a} and t.environment = ${e} and t.user_id = s.user_id
              and t.created_at >= s.created_at and t.created_at <= s.created_at + ${`${t.follow_minutes} minutes`}::interval
            order by t.created_at limit ${AVERAGE_OVER}) t
        )
        select txn_id, user_id, session_id, device_id, amount, currency, average, scored_at::text as scored_at from q
        where average is not null and amount >= ${t.amount_multiplier} * average
        order by txn_id`,
  );
  if (found.length === 0) return [];
  // Recorded in the evaluation's write transaction: a sequence is new (and can raise) exactly once.
  return (tx) => recordSequences(tx, scope, t, found);
}

/** A sequence found by the read; `scored_at` as PostgreSQL's text, so it is written back to the microsecond. */
type Sequence = {
  txn_id: string;
  user_id: string;
  session_id: string;
  device_id: string;
  amount: number | string;
  currency: string;
  average: number;
  scored_at: string;
};

async function recordSequences(db: Db, scope: Scope, t: DetectionThresholds["ato_pattern"], found: Sequence[]): Promise<Hit[]> {
  const a = scope.accountId;
  const e = scope.environment;
  const json = JSON.stringify(found.map((f) => ({ ...f, amount: Number(f.amount) })));
  const inserted = await rows<{ transaction_id: string; user_id: string; scored_at: Date | string }>(
    db,
    sql`insert into detection_ato_hits (account_id, environment, transaction_id, user_id, session_id, device_id, amount, currency, average_amount, scored_at)
        select ${a}, ${e}, q.txn_id, q.user_id, q.session_id, q.device_id, q.amount, q.currency, q.average, q.scored_at
        from jsonb_to_recordset(${json}::jsonb) as q(txn_id text, user_id text, session_id text, device_id text, amount bigint, currency text, average float8, scored_at timestamptz)
        order by q.txn_id
        on conflict do nothing
        returning transaction_id, user_id, scored_at`,
  );
  if (inserted.length === 0) return [];

  const latest = inserted.map((r) => ({ ...r, at: new Date(r.scored_at) })).sort((x, y) => x.at.getTime() - y.at.getTime())[
    inserted.length - 1
  ]!;
  const ref = latest.at.getTime();
  const [w] = await rows<{ n: number; users: unknown; txns: unknown; devices: number }>(
    db,
    sql`select count(distinct user_id)::int as n, array_agg(distinct user_id) as users, array_agg(transaction_id) as txns,
          count(distinct device_id)::int as devices
        from detection_ato_hits
        where account_id = ${a} and environment = ${e}
          and scored_at > ${new Date(ref - t.window_hours * 3_600_000).toISOString()}::timestamptz
          and scored_at <= ${new Date(ref + COMMIT_SKEW_MS).toISOString()}::timestamptz`,
  );
  const n = Number(w?.n ?? 0);
  if (n < t.users) return [];
  return [
    {
      type: "ato_pattern",
      key: "account",
      confidence: atoConfidence(n / t.users),
      userIds: textArray(w?.users),
      transactionIds: textArray(w?.txns),
      summary:
        `${plural(n, "user")} changed account details from a new device, then made a purchase at least ` +
        `${t.amount_multiplier}× their average amount within ${t.follow_minutes} minutes`,
      evidence: {
        users: n,
        devices: Number(w?.devices ?? 0),
        follow_minutes: t.follow_minutes,
        amount_multiplier: t.amount_multiplier,
        window_hours: t.window_hours,
        threshold: t.users,
      },
      trigger: { transactionId: latest.transaction_id, userId: latest.user_id },
    },
  ];
}
