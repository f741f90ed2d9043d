import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { openDatabase, rows, type Db } from "../db/client";
import { alerts, alertTypes, transactions, type AlertType } from "../db/schema";
import type { Scope } from "../db/scope";
import { setAccountRateLimit } from "../domain/accounts/accounts";
import { raiseAlert } from "../domain/alerts/raise";
import { WEBHOOK_FANOUT_JOB } from "../domain/webhooks/emit";
import { webhookJobs } from "../domain/webhooks/jobs";
import { JobQueue } from "../jobs/queue";
import { JobRunner } from "../jobs/runner";
import { scorePayload } from "./payloads";

// The 10,000-alert queue of `npm run bench:console`: real transactions scored through the API's
// sandbox listener (while the API owns the data folder), then alerts raised with the detection
// engine's own `raiseAlert` in this process (while the API is stopped: one process per PGlite
// folder). Severities come out of the domain's own rule (server/domain/alerts/severity.ts); the
// inputs below are chosen so the queue holds every level in realistic proportions.

/** Every scored transaction is 2,000.00 USD: one point of exposure, six make two (≥ 10,000). */
export const SEED_AMOUNT_MINOR = 200_000;
export const SEED_TRANSACTIONS = 24;

/** Scores the transactions the critical alerts point at, through the real scoring route. */
export async function scoreSeedTransactions(sandboxUrl: string, testKey: string, count = SEED_TRANSACTIONS): Promise<void> {
  for (let i = 0; i < count; i++) {
    const body = { ...scorePayload(), amount: SEED_AMOUNT_MINOR, currency: "USD" };
    const res = await fetch(`${sandboxUrl}/v1/transactions/score`, {
      method: "POST",
      headers: { authorization: `Bearer ${testKey}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`scoring a seed transaction failed: HTTP ${res.status} ${text.slice(0, 300)}`);
  }
}

// Deterministic, so two runs seed the same queue.
const mix = (i: number, salt: number) => ((Math.imul(i ^ salt, 2654435761) ^ (i >>> 5)) >>> 0) / 2 ** 32;

type Tier = { name: string; share: number; confidence: [number, number]; users: [number, number]; txns: number };
// Points (severity.ts): confidence ≥0.5/0.75/0.9 → 1/2/3; max(users, txns) ≥5/20/50 → 1/2/3;
// exposure ≥1,000/10,000/50,000 major units → 1/2/3. Total ≥7 critical, ≥5 high, ≥3 medium.
const TIERS: Tier[] = [
  { name: "low", share: 0.4, confidence: [0.3, 0.49], users: [1, 4], txns: 0 }, // 0 points
  { name: "medium", share: 0.3, confidence: [0.75, 0.89], users: [5, 12], txns: 0 }, // 2 + 1
  { name: "high", share: 0.2, confidence: [0.9, 0.99], users: [20, 26], txns: 0 }, // 3 + 2
  { name: "critical", share: 0.1, confidence: [0.92, 0.99], users: [20, 26], txns: 6 }, // 3 + 2 + 2 (12,000 USD)
];

function tierOf(i: number): Tier {
  let r = mix(i, 0x51);
  for (const tier of TIERS) {
    if (r < tier.share) return tier;
    r -= tier.share;
  }
  return TIERS[0] as Tier;
}

const KEY_KIND: Record<AlertType, string> = {
  velocity_spike: "user",
  new_device_cluster: "device",
  ato_pattern: "user",
  card_testing: "ip",
  identity_abuse: "document",
};

export type SeedSummary = {
  alerts_raised: number;
  seconds: number;
  by_severity: Record<string, number>;
  open_alerts_in_scope: number;
  webhook_fanout_jobs_drained: number;
  created_at_span_days: number;
};

/**
 * Raises `count` open alerts in `scope` with distinct keys, then spreads their creation times
 * over `days` days (raiseAlert stamps now(); the queue is ordered by created_at, so a realistic
 * spread needs the timestamps moved afterwards — the only write here that bypasses the domain).
 * Finally runs the webhook fan-out jobs the raises queued, so the API starts with an idle queue
 * instead of working through 10,000 jobs during the measurements.
 */
export async function seedAlerts(
  dataDir: string,
  scope: Scope,
  count: number,
  log: (line: string) => void,
  days = 30,
): Promise<SeedSummary> {
  const database = await openDatabase({ dataDir });
  const started = Date.now();
  try {
    const { db } = database;
    // The limit `npm start` gives the console's account on a first start with the demo
    // (server/main.ts); with ARGUS_NO_DEMO the default of 100 requests a minute stays, and the
    // console (every page, the 15 s auto-refresh, every action) runs into it within a minute.
    await setAccountRateLimit(db, scope.accountId, 100_000);
    const pool = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(eq(transactions.accountId, scope.accountId), eq(transactions.environment, scope.environment), eq(transactions.currency, "USD")),
      );
    if (pool.length < 6) throw new Error(`only ${pool.length} USD transactions in ${scope.environment}; the critical alerts need 6`);

    const queue = new JobQueue();
    const now = Date.now();
    const spanMs = days * 24 * 3600 * 1000;
    const moves: { id: string; at: Date }[] = [];
    const flush = async () => {
      if (moves.length === 0) return;
      const values = sql.join(
        moves.map((m) => sql`(${m.id}, ${m.at.toISOString()}::timestamptz)`),
        sql`, `,
      );
      await db.execute(
        sql`update alerts set created_at = v.at, updated_at = v.at from (values ${values}) as v(id, at) where alerts.id = v.id`,
      );
      moves.length = 0;
    };

    // One transaction per batch (raiseAlert then works in savepoints): a commit per alert costs
    // a flush of the PGlite folder each, which made seeding ten times slower.
    const raise = async (tx: Db, i: number) => {
      const tier = tierOf(i);
      const type = alertTypes[Math.floor(mix(i, 0x77) * alertTypes.length)] as AlertType;
      const [cLo, cHi] = tier.confidence;
      const [uLo, uHi] = tier.users;
      const users = uLo + Math.floor(mix(i, 0x99) * (uHi - uLo + 1));
      const userIds = Array.from({ length: users }, (_, j) => `seed_u_${(i * 37 + j) % 50_000}`);
      const transactionIds = Array.from({ length: tier.txns }, (_, j) => (pool[(i + j) % pool.length] as { id: string }).id);
      const key = `${KEY_KIND[type]}:seed-${i.toString(36).padStart(4, "0")}`;
      const { alert } = await raiseAlert(tx, queue, scope, {
        type,
        key,
        confidence: Number((cLo + mix(i, 0x33) * (cHi - cLo)).toFixed(2)),
        userIds,
        transactionIds,
        summary: `${users} users behind ${key}${tier.txns ? ` with ${tier.txns} transactions` : ""}`,
        evidence: { seeded_by: "bench:console", index: i },
      });
      // Newest first in the queue; a few alerts share a second, as bursts do.
      moves.push({ id: alert.id, at: new Date(now - Math.floor(mix(i, 0xab) * spanMs)) });
    };
    const BATCH = 250;
    for (let from = 0; from < count; from += BATCH) {
      await db.transaction(async (tx) => {
        for (let i = from; i < Math.min(count, from + BATCH); i++) await raise(tx as unknown as Db, i);
      });
      await flush();
      const done = Math.min(count, from + BATCH);
      if (done % 1000 === 0 || done === count) log(`raised ${done} / ${count} alerts (${Math.round((Date.now() - started) / 1000)} s)`);
    }
    const seconds = (Date.now() - started) / 1000;

    // Drain the fan-out jobs (no webhook endpoints: each just records that nobody subscribes).
    const logger = pino({ level: "warn" });
    const handlers = { [WEBHOOK_FANOUT_JOB]: webhookJobs({ config: { ARGUS_WEBHOOK_ALLOW_PRIVATE: false } })[WEBHOOK_FANOUT_JOB]! };
    const runner = new JobRunner(db, queue, handlers, logger, { batch: 200 });
    let drained = 0;
    for (;;) {
      const n = await runner.tick();
      if (n === 0) break;
      drained += n;
    }

    const bySeverity = await rows<{ severity: string; n: number }>(
      db,
      sql`select severity, count(*)::int as n from alerts where account_id = ${scope.accountId} and environment = ${scope.environment} and status = 'open' group by severity`,
    );
    const [open] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(alerts)
      .where(and(eq(alerts.accountId, scope.accountId), eq(alerts.environment, scope.environment), eq(alerts.status, "open")));
    return {
      alerts_raised: count,
      seconds: Math.round(seconds * 10) / 10,
      by_severity: Object.fromEntries(bySeverity.map((r) => [r.severity, Number(r.n)])),
      open_alerts_in_scope: Number(open?.n ?? 0),
      webhook_fanout_jobs_drained: drained,
      created_at_span_days: days,
    };
  } finally {
    await database.close();
  }
}
