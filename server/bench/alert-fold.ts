// Alert folding benchmark: what one more hit costs an open alert as its members grow.
//
//   node --import tsx server/bench/alert-fold.ts [--sizes 1000,10000,100000] [--folds 15]
//        [--postgres postgres://postgres@127.0.0.1:5432/test]
//
// An open alert on a busy shared address (a carrier NAT, an office) keeps absorbing hits while
// nobody has acknowledged it: the detection engine folds a hit into it several times a second,
// each adding a few new transactions. This grows one alert to each size (members added 1,000 per
// hit, as the engine does), then times `--folds` folds of 10 new members and prints the median.
// Statistics are refreshed after each growth step, as the engine's own `refreshStatistics` does
// in production (this machine's PostgreSQL runs without autovacuum; so does the embedded one).
//
// PGlite in memory by default; --postgres runs on a fresh database of that server instead.

import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,100000" },
    folds: { type: "string", default: "15" },
    postgres: { type: "string" },
  },
});
if (values.postgres) process.env.TEST_DATABASE_URL = values.postgres;

// Imported after TEST_DATABASE_URL is set: the helper picks the database from it.
const { freshDatabase } = await import("../test/database");
const { rows } = await import("../db/client");
const { JobQueue } = await import("../jobs/queue");
const { raiseAlerts } = await import("../domain/alerts/raise");
const { newId } = await import("../core/ids");
const { arrayText } = await import("../db/array-text");

const sizes = values.sizes.split(",").map((s) => Number.parseInt(s, 10));
const folds = Number.parseInt(values.folds, 10);
if (sizes.some((s) => !Number.isInteger(s) || s < 1) || !Number.isInteger(folds) || folds < 1) {
  console.error("alert-fold: --sizes takes positive integers separated by commas, --folds a positive integer");
  process.exit(2);
}

const database = await freshDatabase();
const db = database.db;
const jobs = new JobQueue();
const scope = { accountId: "acct_fold_bench", environment: "live" as const };

/** `n` live transactions of the scope (one statement per 5,000), their ids in order. */
async function addTransactions(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => newId("txn"));
  for (let i = 0; i < n; i += 5_000) {
    await db.execute(sql`insert into transactions (id, account_id, environment, user_id, amount, currency, payment_method_type,
        risk_score, decision, signals, model_version, latency_ms)
      select id, ${scope.accountId}, ${scope.environment}, 'u' || (ordinality % 500), 1000 + ordinality % 7, 'USD', 'card',
        5, 'allow', '[]'::jsonb, 'bench', 1
      from unnest(${arrayText(ids.slice(i, i + 5_000))}::text[]) with ordinality as x(id, ordinality)`);
  }
  return ids;
}

const hit = (transactionIds: string[], user: string) => ({
  type: "card_testing" as const,
  key: "ip:198.51.100.9",
  confidence: 0.6,
  userIds: [user],
  transactionIds,
  summary: `${transactionIds.length} attempts from IP 198.51.100.9`,
});

const backend = values.postgres ? "PostgreSQL" : "PGlite";
console.log(`Alert folding on ${backend}: ${folds} folds of 10 new members per size, medians`);
let members = 0;
const results: { members: number; median_ms: number; min_ms: number; max_ms: number }[] = [];
for (const size of sizes.sort((a, b) => a - b)) {
  const grow = await addTransactions(Math.max(0, size - members));
  for (let i = 0; i < grow.length; i += 1_000) await raiseAlerts(db, jobs, scope, [hit(grow.slice(i, i + 1_000), "grower")]);
  members += grow.length;
  await db.execute(sql`analyze transactions`);
  await db.execute(sql`analyze alert_transactions`);
  const times: number[] = [];
  for (let f = 0; f < folds; f++) {
    const fresh = await addTransactions(10);
    const t0 = performance.now();
    await raiseAlerts(db, jobs, scope, [hit(fresh, `fold_${f}`)]);
    times.push(performance.now() - t0);
    members += 10;
  }
  times.sort((a, b) => a - b);
  const r = {
    members: size,
    median_ms: round(times[Math.floor(times.length / 2)]!),
    min_ms: round(times[0]!),
    max_ms: round(times.at(-1)!),
  };
  results.push(r);
  console.log(`  ${String(size).padStart(7)} members: fold ${r.median_ms} ms (min ${r.min_ms}, max ${r.max_ms})`);
}
const [check] = await rows<{ n: number }>(db, sql`select affected_transactions as n from alerts where account_id = ${scope.accountId}`);
if (Number(check?.n) !== members) throw new Error(`the alert counts ${check?.n} members, ${members} were added`);
console.log(`ALERT_FOLD_BENCH_JSON ${JSON.stringify({ backend, folds, results })}`);
await database.close();

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
