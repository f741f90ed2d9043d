import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { freshDatabase } from "../test/database";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";
import { JobQueue } from "./queue";
import { JobRunner, releaseDeadRunnersJobs, type JobHandler } from "./runner";

let database: Database;
const log = pino({ level: "silent" });
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

const job = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe("JobRunner", () => {
  it("runs a queued job once and marks it done", async () => {
    const queue = new JobQueue();
    const seen: unknown[] = [];
    const runner = new JobRunner(database.db, queue, { "t.ok": { run: async (p) => void seen.push(p) } }, log);
    const id = (await queue.enqueue(database.db, "t.ok", { n: 1 }))!;
    expect(await runner.tick()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await job(id)).state).toBe("done");
    expect(await runner.tick()).toBe(0);
  });

  it("retries a failing job with backoff, then gives up after maxAttempts", async () => {
    const queue = new JobQueue();
    let calls = 0;
    const handler: JobHandler = {
      run: async () => {
        calls++;
        throw new Error("downstream 500");
      },
      retryDelayMs: () => 0,
    };
    const runner = new JobRunner(database.db, queue, { "t.fail": handler }, log);
    const id = (await queue.enqueue(database.db, "t.fail", {}, { maxAttempts: 3 }))!;
    for (let i = 0; i < 3; i++) await runner.tick();
    const row = await job(id);
    expect(calls).toBe(3);
    expect(row.state).toBe("failed");
    expect(row.lastError).toBe("downstream 500");
  });

  it("schedules a retry in the future per the handler's delay", async () => {
    const queue = new JobQueue();
    const runner = new JobRunner(
      database.db,
      queue,
      {
        "t.later": {
          run: async () => {
            throw new Error("x");
          },
          retryDelayMs: () => 60_000,
        },
      },
      log,
    );
    const id = (await queue.enqueue(database.db, "t.later", {}))!;
    await runner.tick();
    const row = await job(id);
    expect(row.state).toBe("queued");
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await runner.tick()).toBe(0);
  });

  it("takes over a job whose runner died (lease expired): acknowledged work is not lost", async () => {
    const queue = new JobQueue();
    const id = (await queue.enqueue(database.db, "t.crash", {}))!;
    // A runner claimed it and then vanished mid-job.
    await database.db.execute(
      sql`update jobs set state = 'running', attempts = 1, locked_by = 'dead', lease_until = now() - interval '1 second' where id = ${id}`,
    );
    let ran = 0;
    const runner = new JobRunner(database.db, queue, { "t.crash": { run: async () => void ran++ } }, log);
    expect(await runner.tick()).toBe(1);
    expect(ran).toBe(1);
    expect((await job(id)).state).toBe("done");
  });

  it("on the embedded database, makes a dead process's claimed job due at once instead of after its lease", async () => {
    const queue = new JobQueue();
    const id = (await queue.enqueue(database.db, "t.orphan", {}))!;
    // Claimed by a process that was killed a moment ago: its lease runs for two more minutes.
    await database.db.execute(
      sql`update jobs set state = 'running', attempts = 1, locked_by = 'dead', lease_until = now() + interval '2 minutes' where id = ${id}`,
    );
    let ran = 0;
    const runner = new JobRunner(database.db, queue, { "t.orphan": { run: async () => void ran++ } }, log);
    expect(await runner.tick()).toBe(0);
    expect(await releaseDeadRunnersJobs(database.db)).toBeGreaterThanOrEqual(1);
    expect(await runner.tick()).toBe(1);
    expect(ran).toBe(1);
    expect(await job(id)).toMatchObject({ state: "done", attempts: 2 });
  });

  it("keeps its lease while a job outlasts it, so no other runner takes the job over", async () => {
    const queue = new JobQueue();
    const id = (await queue.enqueue(database.db, "t.long", {}))!;
    let runs = 0;
    let finish: () => void = () => {};
    const finished = new Promise<void>((r) => (finish = r));
    const handlers = { "t.long": { run: async () => void (runs++, await finished) } };
    const a = new JobRunner(database.db, queue, handlers, log, { leaseMs: 300 });
    const b = new JobRunner(database.db, queue, handlers, log, { leaseMs: 300 });
    const first = a.tick();
    // Three leases long: without renewal the lease would lapse and b would run the job again.
    for (let i = 0; i < 9; i++) {
      await new Promise((r) => setTimeout(r, 100));
      expect(await b.tick()).toBe(0);
    }
    finish();
    expect(await first).toBe(1);
    expect(runs).toBe(1);
    expect((await job(id)).state).toBe("done");
  });

  it("never gives one job to two runners at once", async () => {
    const queue = new JobQueue();
    const counts = new Map<number, number>();
    const handler: JobHandler = {
      run: async (_p, ctx) => {
        counts.set(ctx.job.id, (counts.get(ctx.job.id) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 5));
      },
    };
    for (let i = 0; i < 40; i++) await queue.enqueue(database.db, "t.many", { i });
    const runners = [0, 1, 2].map(() => new JobRunner(database.db, queue, { "t.many": handler }, log, { batch: 5 }));
    for (let round = 0; round < 10; round++) await Promise.all(runners.map((r) => r.tick()));
    expect(counts.size).toBe(40);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it("keeps one periodic job per type and re-queues it after each run", async () => {
    const queue = new JobQueue();
    let runs = 0;
    const handlers = { "t.periodic": { everyMs: 3_600_000, run: async () => void runs++ } };
    const a = new JobRunner(database.db, queue, handlers, log, { pollMs: 10 });
    const b = new JobRunner(database.db, queue, handlers, log, { pollMs: 10 });
    await a.start();
    await b.start();
    await new Promise((r) => setTimeout(r, 200));
    await a.stop();
    await b.stop();
    const rows = await database.db.select().from(jobs).where(eq(jobs.type, "t.periodic"));
    expect(rows).toHaveLength(1);
    expect(runs).toBe(1);
    expect(rows[0]!.state).toBe("queued");
    expect(rows[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it("wakes a started runner as soon as work is queued in-process", async () => {
    const queue = new JobQueue();
    let done: () => void = () => {};
    const finished = new Promise<void>((r) => (done = r));
    const runner = new JobRunner(database.db, queue, { "t.wake": { run: async () => done() } }, log, { pollMs: 60_000 });
    await runner.start();
    const started = Date.now();
    await queue.enqueue(database.db, "t.wake", {});
    await finished;
    await runner.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("runs a job queued for later when it is due, not before and without waiting for a poll", async () => {
    const queue = new JobQueue();
    let done: () => void = () => {};
    const finished = new Promise<void>((r) => (done = r));
    let ranAt = 0;
    const runner = new JobRunner(database.db, queue, { "t.later": { run: async () => ((ranAt = Date.now()), done()) } }, log, {
      pollMs: 60_000,
    });
    await runner.start();
    const queuedAt = Date.now();
    await queue.enqueue(database.db, "t.later", {}, { delayMs: 300 });
    await finished;
    await runner.stop();
    // Not early (run_at is honoured); a 60-second poll would not have found it yet, the wake-up did.
    expect(ranAt - queuedAt).toBeGreaterThanOrEqual(300);
    expect(ranAt - queuedAt).toBeLessThan(30_000);
  });
});

describe("coalescing jobs", () => {
  it("turns many triggers into one queued job, and queues the next once it runs", async () => {
    const queue = new JobQueue();
    let runs = 0;
    const runner = new JobRunner(database.db, queue, { "t.coalesce": { coalesce: true, run: async () => void runs++ } }, log);
    for (let i = 0; i < 5; i++) await queue.enqueue(database.db, "t.coalesce", {}, { uniqueKey: "coalesce:acct" });
    expect(await runner.tick()).toBe(1);
    expect(runs).toBe(1);
    await queue.enqueue(database.db, "t.coalesce", {}, { uniqueKey: "coalesce:acct" });
    expect(await runner.tick()).toBe(1);
    expect(runs).toBe(2);
  });
});
