import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import type { Database } from "../../db/client";
import { backtests } from "../../db/schema";
import { JobQueue } from "../../jobs/queue";
import { JobRunner } from "../../jobs/runner";
import { freshDatabase } from "../../test/database";
import { seedStoredScores } from "../../test/stored-scores";
import { createBacktest, serializeBacktest } from "./backtest";
import { backtestJobs } from "./jobs";
import { runBacktest } from "./run";

let database: Database;
const scope = { accountId: "acct_bt_run", environment: "live" as const };
const start = new Date("2026-01-01T00:00:00Z");
const draft = {
  score_bands: { block: 60, challenge: 30 },
  rules: [
    { id: "prepaid_burst", name: "Prepaid burst", action: "block" as const, when: { signals_all: ["velocity_high", "bin_prepaid"] } },
  ],
};
const queue = new JobQueue();

beforeAll(async () => {
  database = await freshDatabase();
  await seedStoredScores(database.db, scope, { n: 1_000, start });
  // Outside the period, another environment and another account: never read.
  await seedStoredScores(database.db, scope, { n: 10, start: new Date("2025-06-01T00:00:00Z"), prefix: "txn_before" });
  await seedStoredScores(database.db, { ...scope, environment: "test" }, { n: 10, start, prefix: "txn_test" });
  await seedStoredScores(database.db, { ...scope, accountId: "acct_other" }, { n: 10, start, prefix: "txn_other" });
});
afterAll(() => database?.close());

const period = { start, end: new Date("2026-02-01T00:00:00Z") };
const create = () => createBacktest(database.db, queue, scope, { draft, ...period, analystId: "ana_x" });
const load = async (id: string) => serializeBacktest((await database.db.select().from(backtests).where(eq(backtests.id, id)))[0]!);

describe("runBacktest", () => {
  it("replays every score of the period once, the same in one go, in slices resumed after a stop, and with two runners at once", async () => {
    const once = await create();
    expect(await runBacktest(database.db, once.id)).toBe(true);
    const whole = await load(once.id);
    expect(whole).toMatchObject({ status: "succeeded", progress: { scanned: 1_000, total: 1_000 } });
    expect(whole.result!.scores).toBe(1_000);

    // A runner that stops after each page (a crash after its commit) leaves a backtest the next resumes.
    const sliced = await create();
    expect(await runBacktest(database.db, sliced.id, { batch: 64, pages: 3 })).toBe(false);
    expect(await load(sliced.id)).toMatchObject({ status: "running", progress: { scanned: 192, total: 1_000 }, result: null });
    while (!(await runBacktest(database.db, sliced.id, { batch: 64, pages: 2 })));
    expect((await load(sliced.id)).result).toEqual(whole.result);

    // Two runners on one backtest (a lease taken over while the first still ran): each page is counted once.
    const raced = await create();
    await Promise.all([runBacktest(database.db, raced.id, { batch: 50 }), runBacktest(database.db, raced.id, { batch: 50 })]);
    const r = await load(raced.id);
    expect(r).toMatchObject({ status: "succeeded", progress: { scanned: 1_000, total: 1_000 } });
    expect(r.result).toEqual(whole.result);
  });

  it("counts what the draft moves: the rule's blocks, the lower bands, and the labelled outcomes", async () => {
    const bt = await create();
    await runBacktest(database.db, bt.id);
    const { result } = await load(bt.id);
    // Seeded score g: risk (37g mod 101), signal set g mod 5 (set 1 = velocity_high + bin_prepaid).
    const rows = Array.from({ length: 1_000 }, (_, g) => ({ g, s: (g * 37) % 101 }));
    const live = (s: number) => (s >= 75 ? "block" : s >= 40 ? "challenge" : "allow");
    const drafted = (g: number, s: number) => (g % 5 === 1 ? "block" : s >= 60 ? "block" : s >= 30 ? "challenge" : "allow");
    const moved = rows.filter(({ g, s }) => live(s) !== drafted(g, s));
    expect(result!.changed).toBe(moved.length);
    const allowToBlock = moved.filter(({ g, s }) => live(s) === "allow" && drafted(g, s) === "block");
    expect(result!.matrix.allow.block).toBe(allowToBlock.length);
    const move = result!.moves.find((m) => m.from === "allow" && m.to === "block")!;
    expect(move.examples).toHaveLength(10);
    expect(move.examples[0]).toMatchObject({
      transaction_id: `txn_seed_${String(allowToBlock[0]!.g).padStart(9, "0")}`,
      rule_id: "prepaid_burst",
    });
    const fraud = rows.filter(({ g }) => g % 50 === 0);
    expect(result!.outcomes.labelled_fraud).toBe(fraud.length);
    expect(result!.outcomes.draft.fraud_caught).toBe(fraud.filter(({ g, s }) => drafted(g, s) !== "allow").length);
    expect(result!.outcomes.fraud_caught_added).toBe(fraud.filter(({ g, s }) => live(s) === "allow" && drafted(g, s) !== "allow").length);
    const legit = rows.filter(({ g }) => g % 50 === 1);
    expect(result!.outcomes.false_positives_added).toBe(
      legit.filter(({ g, s }) => live(s) === "allow" && drafted(g, s) !== "allow").length,
    );
  });

  it("runs as a durable job: a runner claims it and finishes it", async () => {
    const bt = await create();
    const runner = new JobRunner(database.db, queue, backtestJobs, pino({ level: "silent" }));
    while ((await runner.tick()) > 0);
    expect(await load(bt.id)).toMatchObject({ status: "succeeded", progress: { scanned: 1_000, total: 1_000 } });
  });

  it("is failed, with its reason, when its job gives up", async () => {
    const bt = await create();
    // A draft the replay cannot read (a corrupted row) fails every attempt; one attempt is allowed here.
    await database.db.execute(sql`update backtests set draft = '{"rules": null}'::jsonb where id = ${bt.id}`);
    await database.db.execute(sql`update jobs set max_attempts = 1 where payload->>'backtest_id' = ${bt.id}`);
    const runner = new JobRunner(database.db, queue, backtestJobs, pino({ level: "silent" }));
    while ((await runner.tick()) > 0);
    const failed = await load(bt.id);
    expect(failed).toMatchObject({ status: "failed", result: null });
    expect(failed.error).toMatch(/failed on every attempt \(1\)/);
  });
});
