import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PoolClient } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase, onPostgres } from "../../test/database";
import { startApiProcess, type ApiProcess } from "../../test/api-process";
import { ensureAccount, setAccountRateLimit } from "../../domain/accounts/accounts";
import { createKey } from "../../domain/keys/keys";
import { CLAIM_LEASE_MS } from "./store";

// Two API processes on one PostgreSQL database. A claims an Idempotency-Key (Surface A) and an
// X-Idempotency-Key (Surface B), then stays inside those requests (the test holds a lock its
// scoring needs) while it renews its claims, so nobody takes them over; then A is killed with
// SIGKILL. The client's retries against B are answered once the dead claims' lease lapses, not
// after 30 s with 409.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres())("an idempotency claim whose owner died (PostgreSQL)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-claim-"));
  const apis: ApiProcess[] = [];
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let lock: PoolClient | undefined;
  afterAll(async () => {
    lock?.release(true);
    for (const a of apis) a.child.process.kill("SIGKILL");
    await Promise.all(apis.map((a) => a.child.exited));
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is kept while its owner lives and taken over by a retry once its lease lapsed", { timeout: 90_000 }, async () => {
    database = await freshDatabase();
    const pool = database.pool!;
    const account = await ensureAccount(database.db, "claims");
    await setAccountRateLimit(database.db, account.id, 1_000_000);
    const { key } = await createKey(database.db, { accountId: account.id, environment: "live", label: "claims", scopes: [] });
    const env = {
      DATABASE_URL: database.url as string,
      ARGUS_DATA_DIR: dir,
      ARGUS_NO_BOOTSTRAP: "1",
      ARGUS_NO_JOBS: "1",
      ARGUS_LOG_LEVEL: "warn",
    };
    const [a, b] = await Promise.all([startApiProcess(env, { name: "API a" }), startApiProcess(env, { name: "API b" })]);
    apis.push(a!, b!);
    const body = (user: string) =>
      JSON.stringify({
        amount: 4200,
        currency: "USD",
        payment_method: { type: "card", card_bin: "411111", last_four: "4242" },
        user: { id: user },
      });
    const score = (api: ApiProcess, idem: string, user = "claim_a") =>
      fetch(`${api.base}/v1/transactions/score`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": idem },
        body: body(user),
      });
    const analyze = (api: ApiProcess, idem: string) =>
      fetch(`${api.base}/api/v1/transactions/analyze`, {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json", "x-idempotency-key": idem },
        body: body("claim_b"),
      });
    const keyA = "dead-owner-surface-a";
    const keyB = "dead-owner-surface-b-0001";
    // Both processes have scored once (statements prepared), so nothing but the lock holds them.
    expect((await score(a!, "warm-a", "warm")).status).toBe(200);
    expect((await score(b!, "warm-b", "warm")).status).toBe(200);

    // Scoring reads transactions: with the table locked, A's requests wait after their claims.
    lock = await pool.connect();
    await lock.query("begin");
    await lock.query("lock table transactions in access exclusive mode");
    const heldA = score(a!, keyA).catch((e: unknown) => e);
    const heldB = analyze(a!, keyB).catch((e: unknown) => e);
    const claims = async () =>
      (
        await pool.query<{ key: string; state: string; age: number }>(
          "select key, state, extract(epoch from now() - locked_at) * 1000 as age from idempotency_keys where key = any($1)",
          [[keyA, keyB]],
        )
      ).rows;
    for (let i = 0; i < 100 && (await claims()).length < 2; i++) await sleep(50);
    expect((await claims()).map((c) => c.state)).toEqual(["in_progress", "in_progress"]);

    // A duplicate sent to B while A is alive waits (Surface A) or is told 409 (Surface B) ...
    const sentAt = Date.now();
    const waiting = score(b!, keyA).then(
      async (r) => ({ status: r.status, at: Date.now(), body: (await r.json()) as Record<string, unknown> }),
      (e: unknown) => ({ status: 0, at: Date.now(), body: { error: String(e) } as Record<string, unknown> }),
    );
    const early = await analyze(b!, keyB);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe("idempotency_in_progress");
    // ... and A's claims are not taken over while it is alive, however long its requests take.
    await sleep(CLAIM_LEASE_MS + 2000);
    expect(Math.max(...(await claims()).map((c) => Number(c.age)))).toBeLessThan(CLAIM_LEASE_MS / 2);
    let answered = false;
    void waiting.then(() => (answered = true));
    await sleep(0);
    expect(answered).toBe(false);

    a!.child.process.kill("SIGKILL");
    await a!.child.exited;
    const killedAt = Date.now();
    await lock.query("rollback");
    lock.release();
    lock = undefined;
    // The held requests were never answered; their client retries against B.
    expect(await heldA).toBeInstanceOf(Error);
    expect(await heldB).toBeInstanceOf(Error);

    const dup = await waiting;
    expect(dup.status, JSON.stringify(dup.body)).toBe(200);
    expect(dup.at - killedAt).toBeLessThan(CLAIM_LEASE_MS + 3000);
    expect(dup.at - sentAt).toBeGreaterThan(CLAIM_LEASE_MS);
    let retried: Response;
    for (;;) {
      retried = await analyze(b!, keyB);
      if (retried.status !== 409 || Date.now() - killedAt > CLAIM_LEASE_MS + 5000) break;
      await retried.arrayBuffer();
      await sleep(250);
    }
    expect(retried.status).toBe(200);
    expect(Date.now() - killedAt).toBeLessThan(CLAIM_LEASE_MS + 3000);
    const analysis = (await retried.json()) as { transaction_id: string };

    // One resource per key, replayed from now on.
    const replayA = await score(b!, keyA);
    expect(replayA.headers.get("idempotent-replayed")).toBe("true");
    expect(((await replayA.json()) as { transaction_id: string }).transaction_id).toBe(dup.body.transaction_id);
    expect(((await (await analyze(b!, keyB)).json()) as { transaction_id: string }).transaction_id).toBe(analysis.transaction_id);
    const counts = await pool.query<{ user_id: string; n: number }>(
      "select user_id, count(*)::int as n from transactions where user_id in ('claim_a', 'claim_b') group by user_id order by user_id",
    );
    expect(counts.rows).toEqual([
      { user_id: "claim_a", n: 1 },
      { user_id: "claim_b", n: 1 },
    ]);
  });
});
