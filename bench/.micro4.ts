import fs from "node:fs";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres } from "../server/db/client";
import { JobQueue } from "../server/jobs/queue";
import { assess, type ScoreJob, type Assessment } from "../server/domain/scoring/score-transaction";
import { persistAssessments } from "../server/domain/scoring/persist";
import { preparedFeatures } from "../server/domain/scoring/prepared";
import { toScoreInput, type ScoreRequest } from "../server/domain/scoring/request";
import { scorePayload } from "./payloads";
const dir = fs.mkdtempSync("/tmp/argus-micro-");
const database = process.env.PG_URL ? await openPostgres(process.env.PG_URL) : await openPglite(dir);
const db = database.db;
const jobs = new JobQueue();
const scope = { accountId: "acct_micro", environment: "live" as const };
const mk = (n: number): ScoreJob[] => Array.from({ length: n }, () => ({ input: toScoreInput(scope, scorePayload() as unknown as ScoreRequest, new Date()), startedAt: 0, live: true }));
for (let i = 0; i < 5000; i += 100) {
  const res = (await assess(db, mk(100))) as Assessment[];
  await db.transaction(async (tx) => persistAssessments(tx as never, jobs, res));
}
await db.execute(sql`analyze`);
await db.execute(sql`set plan_cache_mode = force_generic_plan`);
const prep = preparedFeatures();
for (const size of [1, 16, 64]) {
  for (const [name, run] of [["inline", undefined], ["prepared", prep]] as const) {
    const reps = Math.max(5, Math.floor(400 / size));
    const t = performance.now();
    for (let i = 0; i < reps; i++) await assess(db, mk(size), run);
    console.log(`${name} batch ${size}: ${((performance.now() - t) / (reps * size)).toFixed(3)} ms/item`);
  }
}
let t = performance.now(); for (let i = 0; i < 200; i++) await db.execute(sql`select 1`); console.log("select 1", ((performance.now() - t) / 200).toFixed(3));
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
