import { sql } from "drizzle-orm";
import { rows } from "../../../db/client";
import { isoSeconds } from "../../../core/time";
import { deviceClusterConfidence } from "../confidence";
import { clientIp, latestPerKey, MAX_HIT_TRANSACTIONS, probes, probeTable, textArray, WINDOW_CAP, type Probe } from "../windows";
import type { DetectorContext, Hit } from "./types";

/** A live write that carries a device or an IP: a score or a device session. */
type Sighting = { at: Date; userId: string | null; deviceId: string | null; ip: string | null; transactionId: string | null };

const kinds = [
  {
    kind: "device",
    txnColumn: sql`device_id`,
    sessionColumn: sql`device_id`,
    keyOf: (s: Sighting) => s.deviceId,
    label: (k: string) => `new device ${k}`,
  },
  {
    kind: "ip",
    txnColumn: sql`ip_address`,
    sessionColumn: sql`ip_address`,
    keyOf: (s: Sighting) => clientIp(s.ip),
    label: (k: string) => `new IP ${k}`,
  },
] as const;

/**
 * new_device_cluster: ≥ distinct_users distinct users on one device or IP within window_minutes,
 * the device or IP being new: first seen on the account (in a score or a device session) at most
 * new_within_hours before the event. Key `device:<device id>` or `ip:<address>`.
 */
export async function detectDeviceClusters({ db, scope, batch, thresholds }: DetectorContext): Promise<Hit[]> {
  const t = thresholds.new_device_cluster;
  if (!t.enabled) return [];
  const sightings: Sighting[] = [
    ...batch.transactions.map((r) => ({ at: r.at, userId: r.userId, deviceId: r.deviceId, ip: r.ip, transactionId: r.id })),
    ...batch.sessions
      .filter((s) => s.userId)
      .map((s) => ({ at: s.at, userId: s.userId, deviceId: s.deviceId, ip: s.ip, transactionId: null })),
  ];
  const a = scope.accountId;
  const e = scope.environment;
  const hits: Hit[] = [];
  for (const k of kinds) {
    const list = probes(sightings, k.keyOf, t.window_minutes * 60_000);
    if (list.length === 0) continue;
    // Users in the window from both tables first; the first sighting only for keys that pass.
    const found = await rows<{ i: number; n: number; users: unknown; txns: unknown; first_seen: Date | string | null }>(
      db,
      sql`with w as (
            select k.i, k.key, count(distinct x.user_id)::int as n, array_agg(distinct x.user_id) as users,
              (array_agg(x.txn_id order by x.at desc) filter (where x.txn_id is not null))[1:${MAX_HIT_TRANSACTIONS}::int] as txns
            from ${probeTable(list)}
            cross join lateral (
              (select t.user_id, t.id as txn_id, t.created_at as at from transactions t
               where t.account_id = ${a} and t.environment = ${e} and t.${k.txnColumn} = k.key and t.created_at > k.lo and t.created_at <= k.hi
               order by t.created_at desc limit ${WINDOW_CAP})
              union all
              (select s.user_id, null, s.created_at from device_sessions s
               where s.account_id = ${a} and s.environment = ${e} and s.${k.sessionColumn} = k.key and s.created_at > k.lo and s.created_at <= k.hi
                 and s.user_id is not null
               order by s.created_at desc limit ${WINDOW_CAP})
            ) x
            group by k.i, k.key
            having count(distinct x.user_id) >= ${t.distinct_users}
          )
          select w.i, w.n, w.users, w.txns, least(
              (select created_at from transactions where account_id = ${a} and environment = ${e} and ${k.txnColumn} = w.key order by created_at limit 1),
              (select created_at from device_sessions where account_id = ${a} and environment = ${e} and ${k.sessionColumn} = w.key order by created_at limit 1)
            ) as first_seen
          from w`,
    );
    const results = found
      .map((f) => ({
        probe: list[Number(f.i)] as Probe<Sighting>,
        firstSeen: f.first_seen ? new Date(f.first_seen) : null,
        metrics: { n: Number(f.n), userIds: textArray(f.users), transactionIds: textArray(f.txns) },
      }))
      .filter((r) => r.firstSeen && r.firstSeen.getTime() >= r.probe.ref.getTime() - t.new_within_hours * 3_600_000);
    const firstSeen = new Map(results.map((r) => [r.probe.key, r.firstSeen as Date]));
    for (const { probe, metrics: m } of latestPerKey(results)) {
      hits.push({
        type: "new_device_cluster",
        key: `${k.kind}:${probe.key}`,
        confidence: deviceClusterConfidence(m.n / t.distinct_users),
        userIds: m.userIds,
        transactionIds: m.transactionIds,
        summary: `${m.n} distinct users on ${k.label(probe.key)} within ${t.window_minutes} minutes`,
        evidence: {
          [k.kind]: probe.key,
          distinct_users: m.n,
          first_seen: isoSeconds(firstSeen.get(probe.key)),
          window_minutes: t.window_minutes,
          threshold: t.distinct_users,
        },
        trigger: { transactionId: probe.trigger.transactionId, userId: probe.trigger.userId },
      });
    }
  }
  return hits;
}
