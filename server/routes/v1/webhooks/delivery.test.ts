import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import pino from "pino";
import { Webhook } from "standardwebhooks";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { rows } from "../../../db/client";
import { JobRunner } from "../../../jobs/runner";
import { webhookJobs } from "../../../domain/webhooks/jobs";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../../../domain/webhooks/delivery";
import { raiseAlert } from "../../../domain/alerts/raise";

// Delivery end to end: a real receiver on 127.0.0.1 (allowed by ARGUS_WEBHOOK_ALLOW_PRIVATE=1),
// the real job runner, signatures checked with the standardwebhooks package.

type Received = { path: string; headers: Record<string, string>; body: string };
let api: TestApi;
let receiver: http.Server;
let base = "";
const received: Received[] = [];
const flaky = new Map<string, number>(); // path → failures left before 200
const log = pino({ level: "silent" });
let runner: JobRunner;

beforeAll(async () => {
  api = await startTestApi({ env: { ARGUS_WEBHOOK_ALLOW_PRIVATE: "1" } });
  runner = new JobRunner(api.deps.database.db, api.deps.jobs, webhookJobs(api.deps), log);
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers as Record<string, string>, body });
      if (path.startsWith("/fail")) return void res.writeHead(500).end("upstream exploded");
      const left = flaky.get(path) ?? 0;
      if (left > 0) {
        flaky.set(path, left - 1);
        return void res.writeHead(500).end("try later");
      }
      res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => receiver.close(() => r()));
  await api?.close();
});

const drain = async () => {
  for (let i = 0; i < 50 && (await runner.tick()) > 0; i++);
};
/** Makes every queued retry due now, as if its backoff had elapsed. */
const fastForward = () =>
  api.deps.database.db.execute(sql`update jobs set run_at = now() where type = 'webhooks.deliver' and state = 'queued'`);
const at = (path: string) => received.filter((r) => r.path === path);

async function tenant(name: string) {
  const { key } = await api.key({ account: name });
  const register = async (path: string, events: string[] = ["*"]) => {
    const r = await call(`${api.url.live}/v1/webhooks`, { headers: bearer(key), body: { url: `${base}${path}`, events } });
    expect(r.status).toBe(201);
    return r.body as { webhook_id: string; secret: string };
  };
  const assignCase = async () => {
    const r = await call(`${api.url.live}/v1/cases`, {
      headers: bearer(key),
      body: { title: "t", case_type: "chargeback", assignee_id: "ana_1" },
    });
    expect(r.status).toBe(201);
    return r.body as { case_id: string };
  };
  const deliveries = async (id: string) =>
    (await call(`${api.url.live}/v1/webhooks/${id}/deliveries?limit=100`, { headers: bearer(key) })).body;
  const endpoint = async (id: string) => (await call(`${api.url.live}/v1/webhooks/${id}`, { headers: bearer(key) })).body;
  return { key, register, assignCase, deliveries, endpoint };
}

describe("webhook delivery", () => {
  it("delivers a signed Standard Webhooks message to subscribed endpoints only", async () => {
    const t = await tenant("deliver-signed");
    const all = await t.register("/signed/all");
    const cases = await t.register("/signed/cases", ["case.updated"]);
    await t.register("/signed/alerts", ["alert.triggered"]);
    const off = await t.register("/signed/off");
    await call(`${api.url.live}/v1/webhooks/${off.webhook_id}`, { method: "PATCH", headers: bearer(t.key), body: { status: "disabled" } });
    await (await tenant("deliver-stranger")).register("/signed/stranger");

    const c = await t.assignCase();
    await drain();
    expect(at("/signed/alerts")).toHaveLength(0);
    expect(at("/signed/off")).toHaveLength(0);
    expect(at("/signed/stranger")).toHaveLength(0);
    for (const [path, endpoint] of [
      ["/signed/all", all],
      ["/signed/cases", cases],
    ] as const) {
      const got = at(path);
      expect(got).toHaveLength(1);
      const message = new Webhook(endpoint.secret).verify(got[0]!.body, got[0]!.headers) as Record<string, unknown>;
      expect(message).toMatchObject({ type: "case.updated", data: { object: "case", case_id: c.case_id, assignee_id: "ana_1" } });
      expect(message.id).toBe(got[0]!.headers["webhook-id"]);
      expect(message.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(got[0]!.headers["content-type"]).toBe("application/json");
      // Another endpoint's secret does not verify it.
      const other = path === "/signed/all" ? cases : all;
      expect(() => new Webhook(other.secret).verify(got[0]!.body, got[0]!.headers)).toThrow();
    }
    const log1 = await t.deliveries(all.webhook_id);
    expect(log1.data).toHaveLength(1);
    expect(log1.data[0]).toMatchObject({
      object: "webhook_delivery",
      webhook_id: all.webhook_id,
      event_id: at("/signed/all")[0]!.headers["webhook-id"],
      event_type: "case.updated",
      attempt: 1,
      status: "succeeded",
      status_code: 200,
      error: null,
      response_body: '{"received":true}',
      next_retry_at: null,
    });
    expect(log1.data[0].latency_ms).toBeGreaterThanOrEqual(0);
    expect(log1.data[0].delivered_at).toBe(log1.data[0].created_at);
  });

  it("retries after a 500 on the schedule, with the same webhook-id, until it succeeds", async () => {
    const t = await tenant("deliver-retry");
    const ep = await t.register("/retry");
    flaky.set("/retry", 2);
    await t.assignCase();
    await drain();
    expect(at("/retry")).toHaveLength(1);
    let entries = (await t.deliveries(ep.webhook_id)).data;
    expect(entries[0]).toMatchObject({ attempt: 1, status: "failed", status_code: 500, error: "HTTP 500", response_body: "try later" });
    const wait = Date.parse(entries[0].next_retry_at) - Date.parse(entries[0].created_at);
    expect(Math.abs(wait - RETRY_DELAYS_MS[0])).toBeLessThanOrEqual(1000);
    // Not due yet: nothing is sent.
    await drain();
    expect(at("/retry")).toHaveLength(1);
    await fastForward();
    await drain();
    await fastForward();
    await drain();
    const got = at("/retry");
    expect(got).toHaveLength(3);
    expect(new Set(got.map((g) => g.headers["webhook-id"])).size).toBe(1);
    for (const g of got) expect(() => new Webhook(ep.secret).verify(g.body, g.headers)).not.toThrow();
    entries = (await t.deliveries(ep.webhook_id)).data;
    expect(entries.map((e: { attempt: number; status: string }) => [e.attempt, e.status])).toEqual([
      [3, "succeeded"],
      [2, "failed"],
      [1, "failed"],
    ]);
    expect(Math.abs(Date.parse(entries[1].next_retry_at) - Date.parse(entries[1].created_at) - RETRY_DELAYS_MS[1])).toBeLessThanOrEqual(
      1000,
    );
    await fastForward();
    await drain();
    expect(at("/retry")).toHaveLength(3);
    expect((await t.endpoint(ep.webhook_id)).status).toBe("enabled");
  });

  it("disables an endpoint whose every attempt failed through the whole schedule", async () => {
    const t = await tenant("deliver-dead");
    const ep = await t.register("/fail/dead");
    await t.assignCase();
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await fastForward();
      await drain();
    }
    expect(at("/fail/dead")).toHaveLength(MAX_ATTEMPTS);
    const entries = (await t.deliveries(ep.webhook_id)).data.reverse();
    expect(entries.map((e: { attempt: number }) => e.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    entries.slice(0, -1).forEach((e: { next_retry_at: string; created_at: string }, i: number) => {
      expect(Math.abs(Date.parse(e.next_retry_at) - Date.parse(e.created_at) - RETRY_DELAYS_MS[i]!)).toBeLessThanOrEqual(1000);
    });
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(entries.at(-1)).toMatchObject({ attempt: 9, status: "failed", next_retry_at: null });
    const endpoint = await t.endpoint(ep.webhook_id);
    expect(endpoint.status).toBe("disabled");
    expect(endpoint.disabled_reason).toContain("HTTP 500");
    expect(endpoint.disabled_at).not.toBeNull();
    // Disabling it again through the API keeps when and why delivery disabled it.
    const again = await call(`${api.url.live}/v1/webhooks/${ep.webhook_id}`, {
      method: "PATCH",
      headers: bearer(t.key),
      body: { status: "disabled", description: "x" },
    });
    expect(again.body).toMatchObject({
      status: "disabled",
      description: "x",
      disabled_reason: endpoint.disabled_reason,
      disabled_at: endpoint.disabled_at,
    });
    // Disabled: later events are not delivered.
    await t.assignCase();
    await drain();
    expect(at("/fail/dead")).toHaveLength(MAX_ATTEMPTS);
  });

  it("keeps an endpoint that succeeded meanwhile, giving up only the failing delivery", async () => {
    const t = await tenant("deliver-partial");
    const ep = await t.register("/fail/partial");
    await t.assignCase();
    for (let i = 0; i < MAX_ATTEMPTS - 1; i++) {
      await fastForward();
      await drain();
    }
    // Another event got through after this delivery started failing.
    await api.deps.database.db.execute(sql`update webhook_endpoints set last_success_at = now() where id = ${ep.webhook_id}`);
    await fastForward();
    await drain();
    expect(at("/fail/partial")).toHaveLength(MAX_ATTEMPTS);
    expect((await t.endpoint(ep.webhook_id)).status).toBe("enabled");
    const [dispatch] = await rows<{ state: string }>(
      api.deps.database.db,
      sql`select state from webhook_dispatches where endpoint_id = ${ep.webhook_id}`,
    );
    expect(dispatch!.state).toBe("failed");
  });

  it("stops delivering to a deleted or disabled endpoint", async () => {
    const t = await tenant("deliver-stop");
    const gone = await t.register("/fail/gone");
    const paused = await t.register("/fail/paused");
    await t.assignCase();
    await drain();
    expect(at("/fail/gone")).toHaveLength(1);
    expect(at("/fail/paused")).toHaveLength(1);
    expect((await call(`${api.url.live}/v1/webhooks/${gone.webhook_id}`, { method: "DELETE", headers: bearer(t.key) })).status).toBe(200);
    await call(`${api.url.live}/v1/webhooks/${paused.webhook_id}`, {
      method: "PATCH",
      headers: bearer(t.key),
      body: { status: "disabled" },
    });
    await fastForward();
    await drain();
    expect(at("/fail/gone")).toHaveLength(1);
    expect(at("/fail/paused")).toHaveLength(1);
    const [dispatch] = await rows<{ state: string }>(
      api.deps.database.db,
      sql`select state from webhook_dispatches where endpoint_id = ${paused.webhook_id}`,
    );
    expect(dispatch!.state).toBe("cancelled");
    // The log does not promise a retry that will never come.
    const log = (await t.deliveries(paused.webhook_id)).data;
    expect(log.map((e: { attempt: number; next_retry_at: string | null }) => [e.attempt, e.next_retry_at])).toEqual([[1, null]]);
  });

  it("refuses internal targets again at delivery time when private targets are not allowed", async () => {
    const t = await tenant("deliver-ssrf");
    // https, so that only the address rules can refuse them (the receiver itself is plain http).
    const targets = [
      `${base.replace("http:", "https:")}/ssrf-loopback`,
      "https://10.0.0.1/hook",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/hook",
    ];
    const ids: string[] = [];
    for (const target of targets) {
      const r = await call(`${api.url.live}/v1/webhooks`, { headers: bearer(t.key), body: { url: target, events: ["case.updated"] } });
      expect(r.status).toBe(201);
      ids.push(r.body.webhook_id);
    }
    await t.assignCase();
    const strict = new JobRunner(api.deps.database.db, api.deps.jobs, webhookJobs({ config: { ARGUS_WEBHOOK_ALLOW_PRIVATE: false } }), log);
    for (let i = 0; i < 10 && (await strict.tick()) > 0; i++);
    expect(at("/ssrf-loopback")).toHaveLength(0);
    const reasons = ["loopback", "private", "link-local", "loopback"];
    for (const [i, id] of ids.entries()) {
      const entry = (await t.deliveries(id)).data[0];
      expect(entry).toMatchObject({ attempt: 1, status: "failed", status_code: null });
      expect(entry.error).toContain("refused");
      expect(entry.error).toContain(reasons[i]);
    }
  });

  it("queues and delivers alert.triggered as soon as an alert is raised", async () => {
    const t = await tenant("deliver-alert");
    const ep = await t.register("/alerts-live", ["alert.triggered"]);
    const { accountId } = await api.key({ account: "deliver-alert" });
    const live = new JobRunner(api.deps.database.db, api.deps.jobs, webhookJobs(api.deps), log, { pollMs: 50 });
    await live.start();
    try {
      const { alert } = await raiseAlert(
        api.deps.database.db,
        api.deps.jobs,
        { accountId, environment: "live" },
        {
          type: "velocity_spike",
          key: "user:u1",
          confidence: 0.9,
          userIds: ["u1"],
          transactionIds: [],
          summary: "20 scores in 5 minutes",
        },
      );
      for (let i = 0; i < 200 && at("/alerts-live").length === 0; i++) await new Promise((r) => setTimeout(r, 25));
      const got = at("/alerts-live");
      expect(got).toHaveLength(1);
      const message = new Webhook(ep.secret).verify(got[0]!.body, got[0]!.headers) as { type: string; data: { alert_id: string } };
      expect(message.type).toBe("alert.triggered");
      expect(message.data.alert_id).toBe(alert.id);
    } finally {
      await live.stop();
    }
  });
});
