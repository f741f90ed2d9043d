import { sql } from "drizzle-orm";
import { rows, together, type Db } from "../../../db/client";
import type { Scope } from "../../../db/scope";
import { findOpenAlert } from "../../alerts";
import type { TxnRow } from "../batch";
import { velocityConfidence } from "../confidence";
import { COMMIT_SKEW_MS, latestPerKey, MAX_HIT_TRANSACTIONS, probes, probeTable, textArray, WINDOW_CAP, type Probe } from "../windows";
import { cardLabel, type DetectorContext, type Hit } from "./types";

const BUCKET_MS = 10_000;
const HOUR_MS = 3_600_000;
/** Volume buckets are kept this long: the "hour of history" survives a quiet spell of a day. */
const VOLUME_RETENTION_MS = 24 * HOUR_MS;
/** An account-wide alert stops collecting member transactions at this size (evidence keeps the true volume). */
export const ACCOUNT_MEMBER_CAP = 5_000;
/** Beyond the cap, the open account-wide alert's evidence is refreshed at most this often. */
const ACCOUNT_REFRESH_MS = 10_000;

const kinds = [
  { kind: "user", column: sql`t.user_id`, keyOf: (r: TxnRow) => r.userId, label: (k: string) => `user ${k}` },
  { kind: "card", column: sql`t.card_key`, keyOf: (r: TxnRow) => r.cardKey, label: (k: string) => `card ${cardLabel(k)}` },
] as const;

/** velocity_spike per user and per card: ≥ scores live scores within window_minutes. */
export async function detectKeyVelocity({ db, scope, batch, thresholds }: DetectorContext): Promise<Hit[]> {
  const t = thresholds.velocity_spike;
  if (!t.enabled) return [];
  const hits: Hit[] = [];
  for (const k of kinds) {
    const list = probes(batch.transactions, k.keyOf, t.window_minutes * 60_000);
    if (list.length === 0) continue;
    const found = await rows<{ i: number; n: number; users: unknown; txns: unknown }>(
      db,
      sql`select k.i, count(*)::int as n, array_agg(distinct t.user_id) as users,
            (array_agg(t.id order by t.created_at desc))[1:${MAX_HIT_TRANSACTIONS}::int] as txns
          from ${probeTable(list)}
          cross join lateral (
            select t.id, t.user_id, t.created_at from transactions t
            where t.account_id = ${scope.accountId} and t.environment = ${scope.environment}
              and ${k.column} = k.key and t.created_at > k.lo and t.created_at <= k.hi
            order by t.created_at desc limit ${WINDOW_CAP}) t
          group by k.i
          having count(*) >= ${t.scores}`,
    );
    const results = found.map((f) => ({
      probe: list[Number(f.i)] as Probe<TxnRow>,
      metrics: { n: Number(f.n), userIds: textArray(f.users), transactionIds: textArray(f.txns) },
    }));
    for (const { probe, metrics: m } of latestPerKey(results)) {
      hits.push({
        type: "velocity_spike",
        key: `${k.kind}:${probe.key}`,
        confidence: velocityConfidence(m.n / t.scores),
        userIds: m.userIds,
        transactionIds: m.transactionIds,
        summary: `${m.n} scores for ${k.label(probe.key)} within ${t.window_minutes} minutes`,
        evidence: {
          [k.kind]: k.kind === "card" ? cardLabel(probe.key) : probe.key,
          scores: m.n,
          window_minutes: t.window_minutes,
          threshold: t.scores,
        },
        trigger: { transactionId: probe.trigger.id, userId: probe.trigger.userId },
      });
    }
  }
  return hits;
}

/** The batch's live scores per 10-second bucket (bucket start in ms), in ascending order. */
function bucketCounts(txns: readonly TxnRow[]): [number, number][] {
  const counts = new Map<number, number>();
  for (const r of txns) {
    const b = Math.floor(r.at.getTime() / BUCKET_MS) * BUCKET_MS;
    counts.set(b, (counts.get(b) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => a[0] - b[0]);
}

/**
 * Counts the batch's live scores into 10-second buckets (each score once: the inbox hands every
 * row to exactly one batch), in the evaluation's write transaction. Buckets in ascending order, so
 * concurrent runners lock them in the same order. Old buckets are dropped on the way.
 */
export async function countVolume(db: Db, scope: Scope, txns: readonly TxnRow[]): Promise<void> {
  if (txns.length === 0) return;
  const buckets = bucketCounts(txns);
  const json = JSON.stringify(buckets.map(([b, n]) => ({ b: new Date(b).toISOString(), n })));
  const newest = buckets[buckets.length - 1]![0];
  // Two statements sent together, the delete second (one statement could not both bump and
  // delete an old bucket).
  await together(
    db.execute(sql`insert into detection_volume (account_id, environment, bucket, scores)
      select ${scope.accountId}, ${scope.environment}, v.b, v.n from jsonb_to_recordset(${json}::jsonb) as v(b timestamptz, n int)
      on conflict (account_id, environment, bucket) do update set scores = detection_volume.scores + excluded.scores`),
    db.execute(sql`delete from detection_volume where account_id = ${scope.accountId} and environment = ${scope.environment}
      and bucket < ${new Date(newest - VOLUME_RETENTION_MS).toISOString()}::timestamptz`),
  );
}

/**
 * velocity_spike account-wide: the live volume of the last window_minutes is ≥ account_min_scores
 * and ≥ account_multiplier × the baseline (the average volume per window_minutes over the hour
 * before the window), once the engine has counted an hour of the account's history.
 */
export async function detectAccountVelocity({ db, scope, batch, thresholds }: DetectorContext): Promise<Hit[]> {
  const t = thresholds.velocity_spike;
  const last = batch.transactions[batch.transactions.length - 1];
  if (!t.enabled || !last) return [];
  const ref = last.at.getTime();
  const windowMs = t.window_minutes * 60_000;
  const winLo = ref - windowMs;
  const baseLo = winLo - HOUR_MS;
  const at = (ms: number) => new Date(ms).toISOString();
  const [v] = await rows<{ volume: number; baseline: number; first: Date | string | null }>(
    db,
    sql`select coalesce(sum(scores) filter (where bucket > ${at(winLo)}::timestamptz), 0)::int as volume,
          coalesce(sum(scores) filter (where bucket <= ${at(winLo)}::timestamptz), 0)::int as baseline,
          (select min(bucket) from detection_volume where account_id = ${scope.accountId} and environment = ${scope.environment}) as first
        from detection_volume
        where account_id = ${scope.accountId} and environment = ${scope.environment}
          and bucket > ${at(baseLo)}::timestamptz and bucket <= ${at(ref + COMMIT_SKEW_MS)}::timestamptz`,
  );
  // The batch's own scores are counted in the write transaction that follows these reads: add
  // them here, as the buckets will hold them.
  let volume = Number(v?.volume ?? 0);
  let baseline = Number(v?.baseline ?? 0);
  let first = v?.first ? new Date(v.first).getTime() : Infinity;
  for (const [b, n] of bucketCounts(batch.transactions)) {
    first = Math.min(first, b);
    if (b <= baseLo || b > ref + COMMIT_SKEW_MS) continue;
    if (b > winLo) volume += n;
    else baseline += n;
  }
  if (first > baseLo) return [];
  const perWindow = baseline / (HOUR_MS / windowMs);
  if (volume < t.account_min_scores || volume < t.account_multiplier * perWindow) return [];

  const open = await findOpenAlert(db, scope, "velocity_spike", "account");
  let members: { id: string; userId: string }[];
  if (!open) {
    members = (
      await rows<{ id: string; user_id: string }>(
        db,
        sql`select id, user_id from transactions where account_id = ${scope.accountId} and environment = ${scope.environment}
            and created_at > ${at(winLo)}::timestamptz and created_at <= ${at(ref + COMMIT_SKEW_MS)}::timestamptz
            order by created_at desc limit ${MAX_HIT_TRANSACTIONS}`,
      )
    ).map((r) => ({ id: r.id, userId: r.user_id }));
  } else if (open.affectedTransactions < ACCOUNT_MEMBER_CAP) {
    members = batch.transactions.filter((r) => r.at.getTime() > winLo);
  } else {
    if (Date.now() - open.updatedAt.getTime() < ACCOUNT_REFRESH_MS) return [];
    members = [];
  }
  const ratio = Math.min(volume / t.account_min_scores, perWindow > 0 ? volume / (t.account_multiplier * perWindow) : Infinity);
  const multiple = perWindow > 0 ? Math.round((volume / perWindow) * 10) / 10 : null;
  return [
    {
      type: "velocity_spike",
      key: "account",
      confidence: velocityConfidence(ratio),
      userIds: members.map((m) => m.userId),
      transactionIds: members.map((m) => m.id),
      summary:
        `${volume} scores in ${t.window_minutes} minutes across the account` +
        (multiple !== null
          ? `, ${multiple}× its hourly baseline of ${Math.round(perWindow * 10) / 10} per ${t.window_minutes} minutes`
          : ", after an hour without traffic"),
      evidence: {
        scope: "account",
        window_volume: volume,
        baseline_per_window: Math.round(perWindow * 100) / 100,
        multiple,
        window_minutes: t.window_minutes,
        min_scores: t.account_min_scores,
        multiplier: t.account_multiplier,
      },
      trigger: { transactionId: last.id, userId: last.userId },
    },
  ];
}
