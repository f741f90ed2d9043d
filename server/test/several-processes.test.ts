import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, onPostgres } from "./database";
import { startApiProcess, startWorkerProcess, type ApiProcess } from "./api-process";
import { bearer, call } from "./harness";
import type { StartedChild } from "../tools/lib/children";
import { ensureAccount, setAccountRateLimit } from "../domain/accounts/accounts";
import { createKey } from "../domain/keys/keys";
import { alerts, type Environment } from "../db/schema";
import { newId } from "../core/ids";

// The production layout (README "Production layout"), proven: two stateless API processes and one
// worker on one PostgreSQL database, rate limits in Redis. Both APIs run with ARGUS_NO_JOBS=1, as
// in production, so the worker is the only job runner and killing an API kills no job runner.
// Every claim spreads its requests over both processes; the contracts hold as for one process.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Entry = { seq: number; action: string; from?: string; to?: string };
type CaseBody = { case_id: string; status: string; version: number; assignee_id: string | null; events: Entry[] };

/** Histories (server/README.md): seq 1…n, each status move starts where the last ended, the case's status is the last one's. */
function expectConsistentHistory(c: CaseBody) {
  expect(c.events.map((e) => e.seq)).toEqual(c.events.map((_, i) => i + 1));
  let status = "open";
  for (const e of c.events.filter((x) => x.action === "status_changed")) {
    expect(e.from).toBe(status);
    status = e.to as string;
  }
  expect(c.status).toBe(status);
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

describe.skipIf(!onPostgres() || !process.env.REDIS_URL)("two API processes and a worker on one PostgreSQL and Redis", () => {
  let dir: string | undefined;
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let pool: pg.Pool;
  const apis: ApiProcess[] = [];
  let worker: StartedChild | undefined;
  // One account per claim, so one claim's cases are not another's queue.
  const keys: Record<"limits" | "writes" | "queue", string> = { limits: "", writes: "", queue: "" };
  /** The process for the i-th request: alternating, so every claim is spread over both. */
  const api = (i: number) => apis[i % 2]!;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-multi-"));
    database = await freshDatabase();
    pool = database.pool!;
    const key = async (name: string, environment: Environment, perMinute: number | null) => {
      const account = await ensureAccount(database!.db, name);
      if (perMinute !== null) await setAccountRateLimit(database!.db, account.id, perMinute);
      return (await createKey(database!.db, { accountId: account.id, environment, label: name, scopes: [] })).key;
    };
    // A test key with the default 100 a minute. Its Redis window is named by the key's id, new in
    // every run (argus:rl:<key id>:all), so runs never share counters.
    keys.limits = await key("multi-limits", "test", null);
    keys.writes = await key("multi-writes", "live", 1_000_000);
    keys.queue = await key("multi-queue", "live", 1_000_000);
    const env = {
      DATABASE_URL: database.url as string,
      REDIS_URL: process.env.REDIS_URL as string,
      ARGUS_DATA_DIR: dir,
      ARGUS_NO_BOOTSTRAP: "1",
      ARGUS_NO_JOBS: "1",
      ARGUS_LOG_LEVEL: "warn",
    };
    apis.push(...(await Promise.all([startApiProcess(env, { name: "API a" }), startApiProcess(env, { name: "API b" })])));
    worker = startWorkerProcess({ ...apis[0]!.env, ARGUS_LOG_LEVEL: "info" });
    for (let i = 0; i < 600 && !/"msg":"worker started"/.test(worker.output()) && !worker.exit; i++) await sleep(100);
    expect(worker.output(), "the worker's output").toMatch(/"msg":"worker started"/);
  }, 120_000);

  afterAll(async () => {
    const children = [...apis.map((a) => a.child), ...(worker ? [worker] : [])];
    for (const c of children) c.process.kill("SIGKILL");
    await Promise.all(children.map((c) => c.exited));
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("holds a test key's 100 requests a minute across both processes", async () => {
    const answers = await Promise.all(
      Array.from({ length: 130 }, async (_, i) => {
        const r = await fetch(`${api(i).testBase}/v1/cases?limit=1`, { headers: bearer(keys.limits) });
        const body = (await r.json()) as { error?: { code: string } };
        return { via: i % 2, status: r.status, code: body.error?.code, headers: r.headers };
      }),
    );
    // Counted in Redis all along: neither process fell back to counting by itself.
    for (const a of apis) expect(a.child.output()).not.toMatch(/Redis cannot answer/);
    const admitted = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 429);
    expect(admitted).toHaveLength(100);
    expect(refused).toHaveLength(30);
    // Both processes admitted some: neither had a window of its own.
    expect(new Set(admitted.map((r) => r.via))).toEqual(new Set([0, 1]));
    // One window, counted atomically: the admitted requests saw every remaining count once.
    expect(admitted.map((r) => Number(r.headers.get("x-ratelimit-remaining"))).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
    for (const r of refused) {
      expect(r.code).toBe("rate_limit_exceeded");
      expect(r.headers.get("x-ratelimit-limit")).toBe("100");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    }
  });

  it("creates one resource for duplicates of one Idempotency-Key sent to both processes at once", async () => {
    const caseBody = { title: "Duplicate submit, two processes", case_type: "payment_fraud" };
    const scoreBody = {
      amount: 4200,
      currency: "USD",
      payment_method: { type: "card", card_bin: "411111", last_four: "4242" },
      user: { id: "idem_user" },
    };
    const send = (route: string, idem: string, body: unknown) =>
      Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(`${api(i).base}${route}`, { headers: { ...bearer(keys.writes), "idempotency-key": idem }, body }),
        ),
      );
    const [cases, scores] = await Promise.all([
      send("/v1/cases", "multi-case-1", caseBody),
      send("/v1/transactions/score", "multi-score-1", scoreBody),
    ]);

    expect(cases.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(cases.map((r) => r.body.case_id)).size).toBe(1);
    expect(scores.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(scores.map((r) => r.body.transaction_id)).size).toBe(1);
    // One request did the work; the nine others waited for it and replayed its answer.
    for (const answers of [cases, scores]) expect(answers.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
    const counts = await pool.query<{ cases: number; transactions: number }>(
      "select (select count(*)::int from cases where title = $1) as cases, (select count(*)::int from transactions where user_id = $2) as transactions",
      [caseBody.title, scoreBody.user.id],
    );
    expect(counts.rows[0]).toEqual({ cases: 1, transactions: 1 });
  });

  it("never gives one case to two analysts claiming the next case through both processes", async () => {
    const made: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await call(`${api(i).base}/v1/cases`, {
        headers: bearer(keys.queue),
        body: { title: `Queue ${i}`, case_type: "payment_fraud", severity: i % 3 ? "high" : "medium" },
      });
      expect(r.status).toBe(201);
      made.push(r.body.case_id as string);
    }
    const claims = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        call(`${api(i).base}/v1/cases/claim`, { headers: bearer(keys.queue), body: { assignee_id: `ana_${i}` } }),
      ),
    );
    const won = claims.flatMap((r, i) => (r.status === 200 ? [{ via: i % 2, analyst: `ana_${i}`, id: r.body.case_id as string }] : []));
    expect(won).toHaveLength(10);
    expect(claims.filter((r) => r.status === 404 && r.body.error.code === "resource_not_found")).toHaveLength(6);
    expect(new Set(won.map((w) => w.id)).size).toBe(10);
    expect(won.map((w) => w.id).sort()).toEqual([...made].sort());
    expect(new Set(won.map((w) => w.via))).toEqual(new Set([0, 1]));
    for (const w of won) {
      const c = (await call(`${api(1).base}/v1/cases/${w.id}`, { headers: bearer(keys.queue) })).body as CaseBody;
      expect(c.assignee_id).toBe(w.analyst);
      expect(c.events.filter((e) => e.action === "assignee_changed")).toHaveLength(1);
    }
  });

  it("keeps case and decision histories in commit order with writers in both processes", async () => {
    const h = bearer(keys.writes);
    const created = await call(`${api(0).base}/v1/cases`, { headers: h, body: { title: "Two writers", case_type: "payment_fraud" } });
    const id = created.body.case_id as string;
    const scored = await call(`${api(1).base}/v1/transactions/score`, {
      headers: h,
      body: {
        amount: 9900,
        currency: "USD",
        payment_method: { type: "card", card_bin: "411111", last_four: "1881" },
        user: { id: "chain_user" },
      },
    });
    expect(scored.status).toBe(200);
    const txn = scored.body.transaction_id as string;

    const moves = ["in_review", "resolved", "closed", "in_review", "resolved"];
    const choices = [
      { decision: "allow", reason: "false_positive", label: "legit" },
      { decision: "block", reason: "confirmed_fraud", label: "fraud" },
      { decision: "challenge", reason: "manual_review", label: null },
    ] as const;
    const [patches, decisions] = await Promise.all([
      Promise.all(
        Array.from({ length: 48 }, (_, i) =>
          call(`${api(i).base}/v1/cases/${id}`, {
            method: "PATCH",
            headers: h,
            body: i % 3 === 0 ? { notes: `note ${i}` } : { status: moves[i % moves.length] },
          }),
        ),
      ),
      Promise.all(
        Array.from({ length: 24 }, (_, i) => {
          const c = choices[i % choices.length]!;
          return call(`${api(i + 1).base}/v1/decisions`, {
            headers: h,
            body: { transaction_id: txn, decision: c.decision, reason: c.reason, notes: `decision ${i}` },
          });
        }),
      ),
    ]);

    // The case: every write answered 200, or 422 for a move its status at that moment forbids.
    expect(patches.filter((r) => r.status !== 200 && !(r.status === 422 && r.body.error.code === "invalid_state_transition"))).toEqual([]);
    const after = (await call(`${api(1).base}/v1/cases/${id}`, { headers: h })).body as CaseBody;
    expectConsistentHistory(after);
    expect(after.events.filter((e) => e.action === "note_added")).toHaveLength(16);
    expect(after.version).toBe(after.events.length); // one entry per change, one version per change
    // Each answer is the case as its commit left it: consistent, and a prefix of the final history.
    const final = after.events.map((e) => `${e.seq}:${e.action}:${e.to ?? ""}`);
    for (const r of patches.filter((x) => x.status === 200)) {
      const body = r.body as CaseBody;
      expectConsistentHistory(body);
      expect(final.slice(0, body.events.length)).toEqual(body.events.map((e) => `${e.seq}:${e.action}:${e.to ?? ""}`));
    }

    // The transaction: 24 decisions numbered 1…24; its state is what the last entries say.
    expect(decisions.map((r) => r.status)).toEqual(Array(24).fill(201));
    const t = (await call(`${api(0).base}/v1/transactions/${txn}`, { headers: h })).body;
    const chain = t.decisions as { seq: number; decision: string; reason: string; decision_id: string }[];
    expect(chain.map((d) => d.seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(chain.map((d) => d.decision_id).sort()).toEqual(decisions.map((r) => r.body.decision_id as string).sort());
    expect(t.final_decision).toBe(chain.at(-1)!.decision);
    const lastLabelling = [...chain].reverse().find((d) => d.reason !== "manual_review")!;
    expect(t.label).toBe(choices.find((c) => c.reason === lastLabelling.reason)!.label);
  });

  it("keeps a case's and its alerts' histories in commit order when the case and the alerts are resolved at once in both processes", async () => {
    const h = bearer(keys.writes);
    const accountId = (await ensureAccount(database!.db, "multi-writes")).id;
    const alertIds = Array.from({ length: 3 }, () => newId("alert"));
    await database!.db.insert(alerts).values(
      alertIds.map((id, i) => ({
        id,
        accountId,
        environment: "live" as const,
        alertType: "card_testing",
        key: `multi-${id}-${i}`,
        severity: "low" as const,
        confidence: 0.8,
        summary: "pattern",
      })),
    );
    const created = await call(`${api(0).base}/v1/cases`, {
      headers: h,
      body: { title: "Case and alerts", case_type: "payment_fraud", alert_ids: alertIds },
    });
    expect(created.status).toBe(201);
    const id = created.body.case_id as string;
    const moves = ["in_review", "resolved", "closed", "in_review", "resolved"];
    const outcomes = ["confirmed_fraud", "false_positive", "inconclusive"];
    const writes = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        call(`${api(i).base}/v1/cases/${id}`, {
          method: "PATCH",
          headers: h,
          body:
            moves[i % 5] === "resolved"
              ? { status: "resolved", resolution: outcomes[i % 3], notes: `case ${i}` }
              : { status: moves[i % 5] },
        }),
      ),
      ...Array.from({ length: 48 }, (_, i) =>
        call(`${api(i + 1).base}/v1/alerts/${alertIds[i % 3]}`, {
          method: "PATCH",
          headers: h,
          body:
            i % 2 === 0 ? { status: "acknowledged" } : { status: "resolved", resolution: outcomes[i % 3], resolution_notes: `alert ${i}` },
        }),
      ),
    ]);
    expect(writes.filter((r) => r.status !== 200 && !(r.status === 422 && r.body.error.code === "invalid_state_transition"))).toEqual([]);
    expectConsistentHistory((await call(`${api(1).base}/v1/cases/${id}`, { headers: h })).body as CaseBody);
    for (const alertId of alertIds) {
      const a = (await call(`${api(0).base}/v1/alerts/${alertId}`, { headers: h })).body as {
        status: string;
        resolution: string | null;
        history: { seq: number; action: string; from?: string | null; to?: string | null }[];
      };
      // The alert is what its last entries say: seq 1…n, each move starting where the last ended.
      expect(a.history.map((e) => e.seq)).toEqual(a.history.map((_, i) => i + 1));
      let status = "open";
      let resolution: string | null = null;
      for (const e of a.history) {
        if (e.action === "status_changed") {
          expect(e.from).toBe(status);
          status = e.to as string;
        }
        if (e.action === "resolution_changed") {
          expect(e.from).toBe(resolution);
          resolution = e.to ?? null;
        }
      }
      expect({ status: a.status, resolution: a.resolution }).toEqual({ status, resolution });
    }
  });

  it("lets exactly one of two writers holding the same version win, whichever process each reached", async () => {
    const h = bearer(keys.writes);
    const created = await call(`${api(0).base}/v1/cases`, { headers: h, body: { title: "Same version", case_type: "payment_fraud" } });
    const id = created.body.case_id as string;
    for (let round = 1; round <= 6; round++) {
      const tag = (await call(`${api(round).base}/v1/cases/${id}`, { headers: h })).headers.get("etag");
      expect(tag).toBe(`"${round}"`);
      const both = await Promise.all(
        [0, 1].map((p) =>
          call(`${api(p).base}/v1/cases/${id}`, {
            method: "PATCH",
            headers: { ...h, "if-match": tag! },
            body: { notes: `round ${round} via ${p}` },
          }),
        ),
      );
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const lost = both.find((r) => r.status === 409)!;
      expect(lost.body.error.code).toBe("version_conflict");
      expect(lost.body.error.message).toMatch(new RegExp(`current version is ${round + 1}`));
    }
    const after = (await call(`${api(1).base}/v1/cases/${id}`, { headers: h })).body as CaseBody;
    expect(after.version).toBe(7);
    expect(after.events.filter((e) => e.action === "note_added")).toHaveLength(6);
    expectConsistentHistory(after);
  });

  it(
    "loses no acknowledged write when one API process is killed under load, and the other answers throughout",
    { timeout: 90_000 },
    async () => {
      const headers = { ...bearer(keys.writes), "content-type": "application/json" };
      const [victim, survivor] = [apis[0]!, apis[1]!];
      type Ack = { via: 0 | 1; at: number };
      const scores: (Ack & { id: string; key: string; body: unknown })[] = [];
      const decisions: (Ack & { id: string; transaction: string })[] = [];
      const refusals: { via: 0 | 1; status: number; text: string }[] = [];
      const failures: { via: 0 | 1; at: number; error: string }[] = [];
      let stop = false;
      let n = 0;
      const post = async (via: 0 | 1, route: string, body: unknown, extra: Record<string, string> = {}) => {
        const res = await fetch(`${apis[via]!.base}${route}`, {
          method: "POST",
          headers: { ...headers, ...extra },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        if (res.status >= 300) refusals.push({ via, status: res.status, text });
        return res.status < 300 ? (JSON.parse(text) as Record<string, string>) : undefined;
      };
      // Each client writes to one process: a score with its own Idempotency-Key, and every third time
      // a decision on a transaction acknowledged earlier, by either process. A client of the killed
      // process stops at its first failure, as a load balancer would stop sending there.
      const client = async (via: 0 | 1) => {
        while (!stop) {
          const i = n++;
          const key = `multi-kill-${i}`;
          const body = {
            amount: 1000 + i,
            currency: "USD",
            payment_method: { type: "card", card_bin: "411111", last_four: String(1000 + (i % 9000)) },
            user: { id: `kill_user_${i % 40}` },
          };
          try {
            const scored = await post(via, "/v1/transactions/score", body, { "idempotency-key": key });
            if (scored) scores.push({ via, at: Date.now(), id: scored.transaction_id!, key, body });
            if (i % 3 === 0 && scores.length > 0) {
              const transaction = scores[(i * 7) % scores.length]!.id;
              const decided = await post(via, "/v1/decisions", {
                transaction_id: transaction,
                decision: "allow",
                reason: "manual_review",
                notes: `load ${i}`,
              });
              if (decided) decisions.push({ via, at: Date.now(), id: decided.decision_id!, transaction });
            }
          } catch (err) {
            failures.push({ via, at: Date.now(), error: String((err as Error).cause ?? err) });
            if (via === 0) return;
          }
        }
      };
      const clients = [...Array.from({ length: 6 }, () => client(0)), ...Array.from({ length: 6 }, () => client(1))];
      const acked = (via: 0 | 1) => scores.filter((s) => s.via === via).length;
      for (let i = 0; i < 300 && (acked(0) < 100 || acked(1) < 100); i++) await sleep(50);
      const killAt = Date.now();
      victim.child.process.kill("SIGKILL");
      await sleep(2500);
      stop = true;
      await Promise.all(clients);
      expect(await victim.child.exited).toMatchObject({ signal: "SIGKILL" });

      // The survivor answered every request, during and after the kill.
      expect(failures.filter((f) => f.via === 1)).toEqual([]);
      expect(refusals).toEqual([]);
      expect(scores.filter((s) => s.via === 1 && s.at > killAt + 2000).length).toBeGreaterThan(10);
      // The victim's clients each failed once, at the transport, and only once it was killed.
      expect(failures.filter((f) => f.via === 0)).toHaveLength(6);
      expect(failures.every((f) => f.at >= killAt)).toBe(true);
      expect(acked(0)).toBeGreaterThanOrEqual(100);
      expect(decisions.filter((d) => d.via === 0).length).toBeGreaterThan(10);

      // Every acknowledged score and decision is there, read through the survivor.
      const missing: string[] = [];
      await eachLimited(scores, 8, async (s) => {
        const r = await fetch(`${survivor.base}/v1/transactions/${s.id}`, { headers });
        if (r.status !== 200) missing.push(`${s.id}: ${r.status}`);
        await r.arrayBuffer();
      });
      const byTransaction = new Map<string, typeof decisions>();
      for (const d of decisions) byTransaction.set(d.transaction, [...(byTransaction.get(d.transaction) ?? []), d]);
      await eachLimited([...byTransaction.keys()], 8, async (transaction) => {
        // A fast run records more than a page of decisions on one transaction: read every page.
        const found = new Set<string>();
        for (let after: string | null = null, pages = 0; pages === 0 || after; pages++) {
          const cursor: string = after ? `&after=${encodeURIComponent(after)}` : "";
          const r = await call(`${survivor.base}/v1/decisions?transaction_id=${transaction}&limit=100${cursor}`, { headers });
          for (const d of r.body.data as { decision_id: string }[]) found.add(d.decision_id);
          after = r.body.has_more ? (r.body.next_cursor as string) : null;
        }
        for (const d of byTransaction.get(transaction)!) if (!found.has(d.id)) missing.push(`${d.id} on ${transaction}`);
      });
      expect(missing).toEqual([]);
      // A retry of a score the victim acknowledged replays its stored answer on the survivor.
      await eachLimited(
        scores.filter((s) => s.via === 0),
        8,
        async (s) => {
          const r = await call(`${survivor.base}/v1/transactions/score`, {
            headers: { ...headers, "idempotency-key": s.key },
            body: s.body,
          });
          expect(r.headers.get("idempotent-replayed"), s.key).toBe("true");
          expect(r.body.transaction_id, s.key).toBe(s.id);
        },
      );
      // The worker, the only job runner, evaluated the live scores both processes committed.
      let waiting = -1;
      for (let i = 0; i < 200 && waiting !== 0; i++) {
        waiting = (await pool.query<{ n: number }>("select count(*)::int as n from detection_inbox")).rows[0]!.n;
        if (waiting !== 0) await sleep(100);
      }
      expect(waiting).toBe(0);
      expect(worker!.exit).toBeUndefined();
    },
  );
});
