import fs from "node:fs";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres, rows } from "../server/db/client";
import { JobQueue } from "../server/jobs/queue";
import { assess, type ScoreJob, type Assessment } from "../server/domain/scoring/score-transaction";
import { persistAssessments } from "../server/domain/scoring/persist";
import { toScoreInput, type ScoreRequest } from "../server/domain/scoring/request";
import { scorePayload } from "./payloads";
const dir = fs.mkdtempSync("/tmp/argus-micro-");
const database = process.env.PG_URL ? await openPostgres(process.env.PG_URL) : await openPglite(dir);
const db = database.db;
const jobs = new JobQueue();
const scope = { accountId: "acct_micro", environment: "live" as const };
const B = Number(process.argv[2] ?? 16);
const N = Number(process.argv[3] ?? 4000);
let tA = 0, tP = 0, n = 0;
const t0 = performance.now();
for (let i = 0; i < N; i += B) {
  if (i === 2000) await db.execute(sql`analyze`);
  const batch: ScoreJob[] = Array.from({ length: B }, () => ({ input: toScoreInput(scope, scorePayload() as unknown as ScoreRequest, new Date()), startedAt: performance.now(), live: true }));
  const a = performance.now();
  const res = (await assess(db, batch)) as Assessment[];
  const b = performance.now();
  await db.transaction(async (tx) => persistAssessments(tx as never, jobs, res));
  const c = performance.now();
  if (i >= N / 2) { tA += b - a; tP += c - b; n += B; }
}
console.log(`batch ${B}: assess ${(tA / n).toFixed(3)} ms/item, persist ${(tP / n).toFixed(3)} ms/item, total ${((performance.now() - t0) / N).toFixed(3)} ms/item overall`);
const [q] = await rows<{ n: number }>(db, sql`select count(*)::int as n from transactions`);
console.log("rows", q);
// One features query explained
const job = { input: toScoreInput(scope, scorePayload() as unknown as ScoreRequest, new Date()), startedAt: 0, live: true };
let t = performance.now(); for (let i = 0; i < 50; i++) await assess(db, [job]); console.log("single assess ms", ((performance.now() - t) / 50).toFixed(3));
t = performance.now(); for (let i = 0; i < 200; i++) await db.execute(sql`select 1`); console.log("select 1 ms", ((performance.now() - t) / 200).toFixed(3));
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
