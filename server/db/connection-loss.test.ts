import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase, onPostgres } from "../test/database";
import { TcpProxy } from "../test/tcp-proxy";
import { startApiProcess, startWorkerProcess } from "../test/api-process";
import type { StartedChild } from "../tools/lib/children";
import { waitForHttp } from "../tools/lib/net";
import { ensureAccount, setAccountRateLimit } from "../domain/accounts/accounts";
import { createKey } from "../domain/keys/keys";
import { CLAIM_LEASE_MS } from "../http/idempotency/store";

// A database fault must never end an API or worker process. Both reach PostgreSQL through a proxy
// the test breaks: closed at start-up (the processes wait for it), then every connection reset
// under load (scores, reads, decisions in their transactions) and new ones refused for a few
// seconds. Meanwhile requests get 503 service_unavailable and /readyz 503; afterwards everything
// recovers by itself: requests, the LISTEN connection, the job runners.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Outcome = { at: number; status: number; code?: string };

describe.skipIf(!onPostgres())("API and worker when the PostgreSQL connection is lost", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-dbloss-"));
  const children: StartedChild[] = [];
  let proxy: TcpProxy | undefined;
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterAll(async () => {
    for (const c of children) c.process.kill("SIGKILL");
    await Promise.all(children.map((c) => c.exited));
    await proxy?.stop();
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("stays up, answers 503 during the outage and recovers by itself", { timeout: 90_000 }, async () => {
    database = await freshDatabase();
    const account = await ensureAccount(database.db, "faults");
    await setAccountRateLimit(database.db, account.id, 1_000_000);
    const { key } = await createKey(database.db, { accountId: account.id, environment: "live", label: "faults", scopes: [] });
    const target = new URL(database.url as string);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start(false);
    const viaProxy = new URL(target);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);

    // Both started while the database is unreachable: they must wait for it, not die.
    const env = { DATABASE_URL: viaProxy.toString(), ARGUS_DATA_DIR: dir, ARGUS_NO_BOOTSTRAP: "1", ARGUS_LOG_LEVEL: "info" };
    const { child: api, base, env: apiEnv } = await startApiProcess(env, { ready: false });
    const worker = startWorkerProcess(apiEnv);
    children.push(api, worker);
    const waitingLine = new RegExp(`database unreachable at 127\\.0\\.0\\.1:${proxy.port} \\(ECONNREFUSED\\); retrying in [0-9.]+ s`);
    const waiting = () => waitingLine.test(api.output()) && waitingLine.test(worker.output());
    for (let i = 0; i < 150 && !waiting() && !api.exit && !worker.exit; i++) await sleep(100);
    expect(api.exit, api.output()).toBeUndefined();
    expect(worker.exit, worker.output()).toBeUndefined();
    expect(api.output()).toMatch(waitingLine);
    expect(worker.output()).toMatch(waitingLine);
    expect(api.output() + worker.output()).not.toMatch(/\n\s+at |"stack"/); // no stack trace
    await proxy.restore();
    await waitForHttp(`${base}/readyz`, { timeoutMs: 30_000, child: api, what: "the API" });

    // Load: live scores (the group-commit pipeline's own connections), scores with a key, reads,
    // and decisions (each in a transaction).
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const outcomes: Outcome[] = [];
    const unanswered: string[] = [];
    const scored: string[] = [];
    const failedKeyed: { key: string; body: unknown }[] = [];
    let stop = false;
    let n = 0;
    const started = Date.now();
    const send = async (route: string, init?: RequestInit) => {
      const res = await fetch(`${base}${route}`, { ...init, headers: { ...headers, ...(init?.headers as Record<string, string>) } });
      const text = await res.text();
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      outcomes.push({ at: Date.now() - started, status: res.status, code: (body.error as { code?: string } | undefined)?.code });
      return { status: res.status, body };
    };
    const client = async (c: number) => {
      while (!stop) {
        const i = n++;
        try {
          const kind = c % 4;
          if (kind === 3 && scored.length > 0) {
            await send(`/v1/transactions/${scored[i % scored.length]}`);
            continue;
          }
          const scoreBody = {
            amount: 1000 + i,
            currency: "USD",
            payment_method: { type: "card", card_bin: "411111", last_four: String(1000 + (i % 9000)) },
            user: { id: `u_${i % 50}` },
          };
          const extra: Record<string, string> = kind === 1 ? { "idempotency-key": `loss-${i}` } : {};
          const r = await send("/v1/transactions/score", { method: "POST", headers: extra, body: JSON.stringify(scoreBody) });
          if (r.status === 503 && extra["idempotency-key"]) failedKeyed.push({ key: extra["idempotency-key"], body: scoreBody });
          if (r.status !== 200 && r.status !== 201) continue;
          const id = String(r.body.transaction_id);
          scored.push(id);
          if (kind === 2) {
            await send("/v1/decisions", {
              method: "POST",
              body: JSON.stringify({ transaction_id: id, decision: "allow", reason: "manual_review", analyst_id: "faults" }),
            });
          }
        } catch (err) {
          unanswered.push((err as Error).message);
          await sleep(50);
        }
      }
    };
    // The first score prepares the pipeline's statements: answered before the load begins.
    const warm = await send("/v1/transactions/score", {
      method: "POST",
      body: JSON.stringify({ amount: 1, currency: "USD", payment_method: { type: "card" }, user: { id: "warm" } }),
    });
    expect(warm.status).toBe(200);
    const clients = Array.from({ length: 12 }, (_, c) => client(c));
    const answered = () => outcomes.filter((o) => o.status < 300).length;
    for (let i = 0; i < 100 && answered() < 100; i++) await sleep(100);

    const cutAt = Date.now() - started;
    await proxy.cut();
    const readyDuring: number[] = [];
    for (let i = 0; i < 6; i++) {
      await sleep(500);
      readyDuring.push((await fetch(`${base}/readyz`)).status);
    }
    const listeningDuring = await listening(base);
    const restoredAt = Date.now() - started;
    await proxy.restore();
    await waitForHttp(`${base}/readyz`, { timeoutMs: 20_000, child: api, what: "the API after the outage" });
    // Requests already waiting when it came back may still fail; those sent a second later may not.
    await sleep(1000);
    const settledAt = Date.now() - started;
    const before = answered();
    for (let i = 0; i < 100 && answered() < before + 100; i++) await sleep(100);
    stop = true;
    await Promise.all(clients);

    expect(api.exit, api.output().slice(-4000)).toBeUndefined();
    expect(worker.exit, worker.output().slice(-4000)).toBeUndefined();
    expect(unanswered).toEqual([]);
    expect(readyDuring.slice(1)).toEqual(Array(readyDuring.length - 1).fill(503));
    expect(listeningDuring).toBe(false);
    // Every failure is a 503 service_unavailable in the error shape; never a 500.
    const failures = outcomes.filter((o) => o.status >= 300);
    expect(failures.filter((o) => o.status !== 503 || o.code !== "service_unavailable")).toEqual([]);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((o) => o.at >= cutAt && o.at <= settledAt)).toBe(true);
    // Before the cut and after the recovery: answered.
    expect(outcomes.filter((o) => o.at < cutAt).length).toBeGreaterThanOrEqual(100);
    const after = outcomes.filter((o) => o.at > settledAt);
    expect(after.length).toBeGreaterThanOrEqual(100);
    expect(after.every((o) => o.status < 300)).toBe(true);
    expect(restoredAt).toBeGreaterThan(cutAt);

    // A score that failed with the outage is retried with its key: a claim its request could not
    // release (the database was gone) lapses and is taken over, so the retry is answered.
    expect(failedKeyed.length).toBeGreaterThan(0);
    const retriedAt = Date.now();
    const retries = await Promise.all(
      failedKeyed.map(({ key: idem, body }) =>
        send("/v1/transactions/score", { method: "POST", headers: { "idempotency-key": idem }, body: JSON.stringify(body) }),
      ),
    );
    expect(retries.map((r) => r.status)).toEqual(retries.map(() => 200));
    expect(Date.now() - retriedAt).toBeLessThan(CLAIM_LEASE_MS + 5000);

    // LISTEN is re-established (the key cache hears key changes again).
    for (let i = 0; i < 100 && !(await listening(base)); i++) await sleep(200);
    expect(await listening(base)).toBe(true);

    // The job runners go on: ten cards from one address raise a card-testing alert.
    const ip = "198.51.100.42";
    for (let i = 0; i < 10; i++) {
      const r = await send("/v1/transactions/score", {
        method: "POST",
        body: JSON.stringify({
          amount: 300,
          currency: "USD",
          payment_method: { type: "card", card_bin: "411111", last_four: String(6000 + i) },
          user: { id: `t_${i}`, ip_address: ip },
        }),
      });
      expect(r.status).toBe(200);
    }
    let alerts: unknown[] = [];
    for (let i = 0; i < 100 && alerts.length === 0; i++) {
      const r = await send("/v1/alerts?alert_type=card_testing");
      alerts = (r.body.data as { key: string }[]).filter((a) => a.key === `ip:${ip}`);
      if (alerts.length === 0) await sleep(100);
    }
    expect(alerts).toHaveLength(1);
    // Each runner saw the outage and came back on its own.
    for (const child of [api, worker]) {
      expect(child.output()).toMatch(/job runner: the database is unreachable/);
      expect(child.output()).toMatch(/job runner: the database is reachable again/);
    }
    expect(api.exit).toBeUndefined();
    expect(worker.exit).toBeUndefined();
  });
});

/** Whether the API's LISTEN connection is up (/metrics). */
async function listening(base: string): Promise<boolean> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return /^argus_database_listening 1$/m.test(text);
}
