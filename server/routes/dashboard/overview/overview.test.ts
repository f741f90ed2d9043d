import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts, screenings, transactions } from "../../../db/schema";
import { newId } from "../../../core/ids";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { person } from "../../../test/identity-fixtures";
import { score, scoreBody, uniq } from "../../../test/score-helpers";

// GET /api/v1/overview and /api/v1/overview/workload: the console's counts, per environment.
// Scores, cases and verifications go through the real API; alerts, screenings and back-dated
// transactions are written directly (the detection engine and the watchlist data are not what is
// under test here, and a score cannot be made in the past).

let api: TestApi;
let accountId: string;
let lead: Record<string, string>;
let analyst: Record<string, string>;
let leadId: string;
let analystId: string;
let live: Record<string, string>;
let test: Record<string, string>;
const ACCOUNT = "overview-co";

beforeAll(async () => {
  // Identity checks with a document stay pending for the whole file.
  api = await startTestApi({ env: { ARGUS_KYC_ASYNC_DELAY_MS: "600000" } });
  const l = await api.analyst({ role: "lead", account: ACCOUNT });
  const a = await api.analyst({ role: "analyst", account: ACCOUNT });
  leadId = l.id;
  analystId = a.id;
  accountId = l.accountId;
  lead = bearer(await api.consoleToken(l.id));
  analyst = bearer(await api.consoleToken(a.id));
  live = bearer((await api.key({ account: ACCOUNT, env: "live" })).key);
  test = bearer((await api.key({ account: ACCOUNT, env: "test" })).key);
});
afterAll(() => api?.close());

const overview = (env: "live" | "test", headers = lead) => call(`${api.url[env]}/api/v1/overview`, { headers });
const workload = (env: "live" | "test", headers = lead) => call(`${api.url[env]}/api/v1/overview/workload`, { headers });
const today = () => new Date().toISOString().slice(0, 10);

async function storeTransaction(env: "live" | "test", decision: "allow" | "challenge" | "block", createdAt = new Date()) {
  await api.deps.database.db.insert(transactions).values({
    id: newId("txn"),
    accountId,
    environment: env,
    userId: uniq("user_"),
    amount: 1000,
    currency: "USD",
    paymentMethodType: "card",
    riskScore: decision === "block" ? 90 : decision === "challenge" ? 50 : 5,
    decision,
    signals: [],
    modelVersion: "test",
    latencyMs: 1,
    createdAt,
  });
}

async function storeAlert(
  env: "live" | "test",
  alertType: string,
  severity: "low" | "medium" | "high" | "critical",
  status: "open" | "acknowledged" | "resolved" = "open",
) {
  await api.deps.database.db.insert(alerts).values({
    id: newId("alert"),
    accountId,
    environment: env,
    alertType,
    key: uniq("key_"),
    status,
    severity,
    confidence: 0.9,
    summary: "test alert",
  });
}

async function storeScreening(env: "live" | "test", reviewState: "pending_review" | "false_positive") {
  await api.deps.database.db.insert(screenings).values({
    id: newId("scr"),
    accountId,
    environment: env,
    name: "Jane Doe",
    lists: ["ofac_sdn"],
    status: "possible_match",
    matches: [],
    suppressedMatches: [],
    reviewState,
    source: "api",
  });
}

const createCase = (headers: Record<string, string>, body: Record<string, unknown>, env: "live" | "test" = "live") =>
  call(`${api.url[env]}/v1/cases`, { headers, body: { title: "Investigate", case_type: "payment_fraud", ...body } });

describe("GET /api/v1/overview", () => {
  it("starts empty: 14 zero-filled UTC days ending today, every alert type, all counts zero", async () => {
    const r = await overview("live");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: "overview",
      environment: "live",
      open_alerts: { total: 0 },
      acknowledged_alerts: 0,
      cases_by_status: { open: 0, in_review: 0, resolved: 0, closed: 0 },
      pending_screenings: 0,
      pending_verifications: 0,
    });
    expect(r.body.scores_by_day).toHaveLength(14);
    expect(r.body.scores_by_day.at(-1)).toEqual({ date: today(), allow: 0, challenge: 0, block: 0 });
    expect(r.body.open_alerts.by_type.map((t: { alert_type: string }) => t.alert_type).sort()).toEqual([
      "ato_pattern",
      "card_testing",
      "identity_abuse",
      "new_device_cluster",
      "velocity_spike",
    ]);
  });

  it("counts scores per day and decision, open alerts by type and severity, cases, pending reviews", async () => {
    await score(api, live, scoreBody());
    await score(api, live, scoreBody());
    await storeTransaction("live", "block");
    await storeTransaction("live", "challenge", new Date(Date.now() - 86_400_000));
    await storeTransaction("live", "block", new Date(Date.now() - 20 * 86_400_000)); // outside the window
    await storeAlert("live", "card_testing", "high");
    await storeAlert("live", "card_testing", "critical");
    await storeAlert("live", "velocity_spike", "medium");
    await storeAlert("live", "velocity_spike", "low", "resolved");
    await storeAlert("live", "ato_pattern", "high", "acknowledged");
    await storeScreening("live", "pending_review");
    await storeScreening("live", "false_positive");
    const c1 = await createCase(live, { severity: "high" });
    await createCase(live, { severity: "low" });
    await call(`${api.url.live}/v1/cases/${c1.body.case_id}`, { method: "PATCH", headers: live, body: { status: "in_review" } });
    const pending = await call(`${api.url.live}/v1/identity/verify`, {
      headers: live,
      body: person({ document: { type: "passport", number: "X12345678", issuing_country: "US" } }),
    });
    expect(pending.body.status).toBe("pending");

    const r = await overview("live", analyst);
    expect(r.status).toBe(200);
    const days = r.body.scores_by_day as { date: string; allow: number; challenge: number; block: number }[];
    expect(days.at(-1)).toMatchObject({ date: today(), block: 1 });
    expect(days.at(-1)!.allow).toBeGreaterThanOrEqual(2);
    expect(days.at(-2)).toMatchObject({ challenge: 1, block: 0 });
    expect(days.reduce((n, d) => n + d.block, 0)).toBe(1);
    expect(r.body.open_alerts.total).toBe(3);
    expect(r.body.acknowledged_alerts).toBe(1);
    expect(r.body.open_alerts.by_type[0]).toEqual({ alert_type: "card_testing", total: 2, low: 0, medium: 0, high: 1, critical: 1 });
    expect(r.body.open_alerts.by_type.find((t: { alert_type: string }) => t.alert_type === "velocity_spike")).toMatchObject({
      total: 1,
      medium: 1,
      low: 0,
    });
    expect(r.body.cases_by_status).toEqual({ open: 1, in_review: 1, resolved: 0, closed: 0 });
    expect(r.body.pending_screenings).toBe(1);
    expect(r.body.pending_verifications).toBe(1);
    // The first identity check loads the watchlists: slow on a busy machine.
  }, 120_000);

  it("keeps production and pre-production apart", async () => {
    await storeTransaction("test", "challenge");
    await storeAlert("test", "ato_pattern", "critical");
    await storeScreening("test", "pending_review");
    await storeScreening("test", "pending_review");
    await createCase(test, { severity: "critical" }, "test");
    const pre = await overview("test");
    expect(pre.body).toMatchObject({
      environment: "test",
      open_alerts: { total: 1 },
      acknowledged_alerts: 0,
      cases_by_status: { open: 1, in_review: 0 },
      pending_screenings: 2,
      pending_verifications: 0,
    });
    expect(pre.body.scores_by_day.at(-1)).toMatchObject({ allow: 0, challenge: 1, block: 0 });
    const prod = await overview("live");
    expect(prod.body).toMatchObject({
      environment: "live",
      open_alerts: { total: 3 },
      cases_by_status: { open: 1, in_review: 1 },
      pending_screenings: 1,
    });
    expect(prod.body.scores_by_day.at(-1).challenge).toBe(0);
  });

  it("is for the console only: an API key gets 403, no token 401, and other accounts see nothing", async () => {
    const k = await overview("live", live);
    expect(k.status).toBe(403);
    expect(k.body.error.message).toBe("API keys are not permitted on this endpoint");
    expect((await call(`${api.url.live}/api/v1/overview`)).status).toBe(401);
    const stranger = bearer(await api.consoleToken((await api.analyst({ role: "admin", account: "someone-else" })).id));
    expect((await overview("live", stranger)).body).toMatchObject({
      open_alerts: { total: 0 },
      cases_by_status: { open: 0, in_review: 0 },
      pending_screenings: 0,
    });
  });

  it("appears in the Surface B OpenAPI document", async () => {
    const doc = await call(`${api.url.live}/api/v1/openapi.json`);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(["/api/v1/overview", "/api/v1/overview/workload"]));
    expect(doc.body.components.schemas).toHaveProperty("Overview");
  });
});

describe("GET /api/v1/overview/workload", () => {
  it("counts open and in-review cases per assignee, unassigned apart; leads and admins only", async () => {
    const base = (await workload("live")).body;
    await createCase(live, { assignee_id: analystId, actor_id: leadId });
    const mine = await createCase(live, { assignee_id: analystId, actor_id: leadId });
    await call(`${api.url.live}/v1/cases/${mine.body.case_id}`, { method: "PATCH", headers: live, body: { status: "in_review" } });
    const done = await createCase(live, { assignee_id: leadId });
    await call(`${api.url.live}/v1/cases/${done.body.case_id}`, { method: "PATCH", headers: live, body: { status: "resolved" } });
    await createCase(test, { assignee_id: leadId }, "test");

    const r = await workload("live");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "case_workload", environment: "live", unassigned: base.unassigned });
    expect(r.body.data).toEqual([{ assignee_id: analystId, open: 1, in_review: 1, total: 2 }]);
    expect((await workload("test")).body.data).toEqual([{ assignee_id: leadId, open: 1, in_review: 0, total: 1 }]);

    expect((await workload("live", analyst)).status).toBe(403);
    expect((await workload("live", live)).status).toBe(403);
  });
});
