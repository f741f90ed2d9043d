import { sql } from "drizzle-orm";
import { rows } from "../../../db/client";
import type { TxnRow } from "../batch";
import { cardTestingConfidence } from "../confidence";
import { clientIp, latestPerKey, MAX_HIT_TRANSACTIONS, probes, probeTable, textArray, WINDOW_CAP, type Probe } from "../windows";
import type { DetectorContext, Hit } from "./types";

type Metrics = { cards: number; attempts: number; small: number; userIds: string[]; transactionIds: string[] };

const kinds = [
  { kind: "ip", column: sql`t.ip_address`, keyOf: (r: TxnRow) => clientIp(r.ip), label: (k: string) => `IP ${k}` },
  { kind: "device", column: sql`t.device_id`, keyOf: (r: TxnRow) => r.deviceId, label: (k: string) => `device ${k}` },
] as const;

/**
 * card_testing: ≥ distinct_cards distinct cards (BIN + last four) from one IP or one device within
 * window_minutes. Key `ip:<address>` or `device:<device id>`. The share of small attempts does
 * not gate the alert (the rule counts cards alone); it sets the confidence.
 */
export async function detectCardTesting({ db, scope, batch, thresholds }: DetectorContext): Promise<Hit[]> {
  const t = thresholds.card_testing;
  if (!t.enabled) return [];
  const candidates = batch.transactions.filter((r) => r.cardKey);
  const hits: Hit[] = [];
  for (const k of kinds) {
    const list = probes(candidates, k.keyOf, t.window_minutes * 60_000);
    if (list.length === 0) continue;
    const found = await rows<{ i: number; cards: number; attempts: number; small: number; users: unknown; txns: unknown }>(
      db,
      sql`select k.i, count(distinct t.card_key)::int as cards, count(*)::int as attempts,
            count(*) filter (where t.amount <= ${t.small_amount})::int as small,
            array_agg(distinct t.user_id) as users,
            (array_agg(t.id order by t.created_at desc))[1:${MAX_HIT_TRANSACTIONS}::int] as txns
          from ${probeTable(list)}
          cross join lateral (
            select t.id, t.user_id, t.card_key, t.amount, t.created_at from transactions t
            where t.account_id = ${scope.accountId} and t.environment = ${scope.environment}
              and ${k.column} = k.key and t.created_at > k.lo and t.created_at <= k.hi and t.card_key is not null
            order by t.created_at desc limit ${WINDOW_CAP}) t
          group by k.i
          having count(distinct t.card_key) >= ${t.distinct_cards}`,
    );
    const results = found.map((f) => ({
      probe: list[Number(f.i)] as Probe<TxnRow>,
      metrics: {
        cards: Number(f.cards),
        attempts: Number(f.attempts),
        small: Number(f.small),
        userIds: textArray(f.users),
        transactionIds: textArray(f.txns),
      } as Metrics,
    }));
    for (const { probe, metrics: m } of latestPerKey(results)) {
      const share = m.attempts > 0 ? m.small / m.attempts : 0;
      const mostlySmall = share >= t.small_share;
      hits.push({
        type: "card_testing",
        key: `${k.kind}:${probe.key}`,
        confidence: cardTestingConfidence(m.cards / t.distinct_cards, share),
        userIds: m.userIds,
        transactionIds: m.transactionIds,
        summary:
          `${m.cards} distinct cards from ${k.label(probe.key)} within ${t.window_minutes} minutes; ` +
          `${m.small} of ${m.attempts} attempts at or below ${t.small_amount} minor units` +
          (mostlySmall ? " (mostly small amounts)" : ""),
        evidence: {
          [k.kind]: probe.key,
          distinct_cards: m.cards,
          attempts: m.attempts,
          small_attempts: m.small,
          small_share: Math.round(share * 100) / 100,
          mostly_small: mostlySmall,
          window_minutes: t.window_minutes,
          threshold: t.distinct_cards,
        },
        trigger: { transactionId: probe.trigger.id, userId: probe.trigger.userId },
      });
    }
  }
  return hits;
}
