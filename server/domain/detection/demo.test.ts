import { afterAll, beforeAll, expect, it } from "vitest";
import { call, startTestApi, type TestApi } from "../../test/harness";
import { JobRunner } from "../../jobs/runner";
import { jobHandlers } from "../../job-handlers";
import { runDemo } from "../../cli/demo";

// The demo stream against a real API with its job runner (pre-production, as the first start
// runs it): every alert type arises from the engine, cases are opened from them, the sanctioned
// name and the PEP possible match are screened.

let api: TestApi;
let runner: JobRunner;
beforeAll(async () => {
  api = await startTestApi({ env: { ARGUS_KYC_ASYNC_DELAY_MS: "200" } });
  await api.deps.watchlists.get();
  runner = new JobRunner(api.deps.database.db, api.deps.jobs, jobHandlers(api.deps), api.deps.logger);
  await runner.start();
});
afterAll(async () => {
  await runner?.stop();
  await api?.close();
});

it("replays the demo stream: alerts of every type from the engine, cases, screenings", { timeout: 120_000 }, async () => {
  const k = await api.key({ account: "demo", env: "test" });
  await api.limit("demo", 100_000);
  const admin = await api.analyst({ account: "demo", role: "admin" });
  const summary = await runDemo({ baseUrl: api.url.test, key: k.key, customers: 60, tag: "t1", actorId: admin.id });

  expect(summary.flowErrors).toBe(0);
  expect(Object.keys(summary.byStatus).every((s) => Number(s) < 300)).toBe(true);
  expect(Object.keys(summary.alerts).sort()).toEqual([
    "ato_pattern",
    "card_testing",
    "identity_abuse",
    "new_device_cluster",
    "velocity_spike",
  ]);
  expect(summary.screenings.match).toBeGreaterThanOrEqual(1);
  expect(summary.screenings.possible_match).toBeGreaterThanOrEqual(1);
  expect(summary.cases).toHaveLength(3);

  const headers = { authorization: `Bearer ${k.key}` };
  const first = await call(`${api.url.test}/v1/cases/${summary.cases[0]}`, { headers });
  expect(first.body).toMatchObject({ status: "in_review", case_type: "payment_fraud", assignee_id: admin.id });
  expect(first.body.transaction_ids.length).toBeGreaterThanOrEqual(10);
  expect(first.body.events.map((e: { action: string }) => e.action)).toEqual([
    "created",
    "note_added",
    "note_added",
    "status_changed",
    "assignee_changed",
  ]);
  expect(first.body.events.every((e: { actor_id: string }) => e.actor_id === admin.id)).toBe(true);
  const ato = await call(`${api.url.test}/v1/alerts?alert_type=ato_pattern`, { headers });
  expect(ato.body.data[0]).toMatchObject({ affected_users: 4, affected_transactions: 4 });
  // The link graph draws the synthetic-identity ring: five users on one device, three on one card
  // and one passport, all on one address; and the card-testing guests on the bot's device and IP.
  type Graph = { nodes: { id: string; type: string }[]; edges: { source: string; target: string; type: string }[] };
  const ring = (await call(`${api.url.test}/v1/graph?user_id=syn_t1_0`, { headers })).body as Graph;
  const usersOn = (g: Graph, type: string) =>
    Math.max(
      0,
      ...g.nodes.filter((n) => n.type === type).map((n) => new Set(g.edges.filter((e) => e.target === n.id).map((e) => e.source)).size),
    );
  expect(ring.nodes.filter((n) => n.type === "user")).toHaveLength(5);
  expect(usersOn(ring, "device")).toBe(5);
  expect(usersOn(ring, "address")).toBe(5);
  expect(usersOn(ring, "card")).toBe(3);
  expect(usersOn(ring, "document")).toBe(3);
  const burst = (await call(`${api.url.test}/v1/graph?user_id=guest_t1_0`, { headers })).body as Graph;
  expect(usersOn(burst, "device")).toBe(6);
  expect(usersOn(burst, "ip")).toBe(6);
  // Nothing reached production.
  const live = await api.key({ account: "demo", env: "live" });
  expect((await call(`${api.url.live}/v1/alerts?status=all`, { headers: { authorization: `Bearer ${live.key}` } })).body.data).toEqual([]);
});
