import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { rows } from "../../../db/client";
import { scoreBody, setPolicy, signalNames, uniq, uniqCard, uniqIp } from "../../../test/score-helpers";

let api: TestApi;
let b: Record<string, string>;
let a: Record<string, string>;
const ACCOUNT = "analyze-co";
beforeAll(async () => {
  api = await startTestApi();
  b = { "x-api-key": (await api.key({ account: ACCOUNT, scopes: ["TRANSACTIONS_WRITE"] })).key };
  const live = await api.key({ account: ACCOUNT });
  a = bearer(live.key);
  // Subscribed, so a flagged live analysis writes a webhook event (see the test below).
  await api.subscribe(live.accountId);
});
afterAll(() => api?.close());

const key = () => uniq("analyze-key-0000-");
const analyze = (
  body: Record<string, unknown>,
  mode: "live" | "labelled" = "live",
  headers: Record<string, string> = { ...b, "x-idempotency-key": key() },
) => call(`${api.url.live}/api/v1/transactions/analyze${mode === "labelled" ? "/sandbox" : ""}`, { headers, body });
const db = () => api.deps.database.db;
const n = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(db(), q))[0]?.n ?? 0);

describe("POST /api/v1/transactions/analyze", () => {
  it("scores live with the same engine: a transaction in history with its events", async () => {
    const body = scoreBody();
    const r = await analyze(body);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: "transaction_analysis",
      mode: "live",
      decision: { type: expect.any(String), reasons: expect.any(Array) },
    });
    expect(r.body.analysis_id).toMatch(/^anl_/);
    const g = await call(`${api.url.live}/v1/transactions/${r.body.transaction_id}`, { headers: a });
    expect(g.body).toMatchObject({ analysis_id: r.body.analysis_id, risk_score: r.body.risk_score, signals: r.body.signals });
    const ev = await call(`${api.url.live}/v1/events?transaction_id=${r.body.transaction_id}`, { headers: a });
    expect(ev.body.data.map((e: { event_type: string }) => e.event_type)).toEqual(["transaction.scored"]);
  });

  it("labelled mode returns the same result but leaves no trace in history, velocity, events or alerts", async () => {
    const user = { id: uniq(), email: `${uniq()}@example.com`, ip_address: uniqIp() };
    const payment_method = uniqCard();
    const live = await analyze(scoreBody({ user, payment_method, amount: 1234 }));
    // A day old, so its e-mail earns email_seen_before.
    await db().execute(sql`update transactions set created_at = created_at - interval '25 hours' where user_id = ${user.id}`);
    const labelled = await analyze(scoreBody({ user, payment_method, amount: 1234 }), "labelled");
    expect(labelled.status).toBe(200);
    expect(labelled.body.mode).toBe("labelled");
    // The labelled request sees the live one in history (email_seen_before, no new_user) …
    expect(signalNames(labelled.body)).toContain("email_seen_before");
    // … and 12 labelled requests later, live velocity still counts only the live one.
    for (let i = 0; i < 12; i++) await analyze(scoreBody({ user, payment_method }), "labelled");
    const next = await analyze(scoreBody({ user, payment_method }));
    expect(signalNames(next.body)).not.toContain("velocity_high");
    expect(signalNames(next.body)).not.toContain("velocity_elevated");
    expect(await n(sql`select count(*)::int as n from transactions where user_id = ${user.id}`)).toBe(2);
    expect(await n(sql`select count(*)::int as n from events where user_id = ${user.id}`)).toBe(2);
    expect(await n(sql`select count(*)::int as n from events where transaction_id = ${labelled.body.transaction_id}`)).toBe(0);
    expect(
      await n(sql`select count(*)::int as n from webhook_events where data->>'transaction_id' = ${labelled.body.transaction_id}`),
    ).toBe(0);
    const alerts = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from information_schema.tables where table_name = 'alerts'`,
    );
    if (Number(alerts[0]?.n) > 0)
      expect(
        await n(sql`select count(*)::int as n from alerts where account_id in (select id from accounts where name = ${ACCOUNT})`),
      ).toBe(0);
    expect(live.body.transaction_id).not.toBe(labelled.body.transaction_id);
  });

  it("a flagged analysis writes its webhook event live, and none labelled", async () => {
    // A disposable e-mail alone puts a new user in the challenge band.
    const flagged = () => scoreBody({ user: { id: uniq(), email: `${uniq()}@mailinator.com` } });
    const live = await analyze(flagged());
    const labelled = await analyze(flagged(), "labelled");
    for (const r of [live, labelled]) expect(["STEP_UP_AUTH", "HOLD"]).toContain(r.body.decision.type);
    const hooks = (txn: string) => n(sql`select count(*)::int as n from webhook_events where data->>'transaction_id' = ${txn}`);
    expect(await hooks(live.body.transaction_id)).toBe(1);
    expect(await hooks(labelled.body.transaction_id)).toBe(0);
  });

  it("labelled results are kept for replay only: decisions on them are 404", async () => {
    const headers = { ...b, "x-idempotency-key": key() };
    const body = scoreBody();
    const first = await analyze(body, "labelled", headers);
    const again = await analyze(body, "labelled", headers);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const d = await call(`${api.url.live}/v1/decisions`, {
      headers: a,
      body: { transaction_id: first.body.transaction_id, decision: "block", reason: "confirmed_fraud" },
    });
    expect(d.status).toBe(404);
    expect(d.body.error).toMatchObject({ code: "resource_not_found", param: "transaction_id" });
  });

  it("maps to all five decision types", async () => {
    const acct = uniq("types-co");
    const k = { "x-api-key": (await api.key({ account: acct, scopes: ["TRANSACTIONS_WRITE"] })).key };
    // Bands: challenge ≥ 40, block ≥ 75; a rule holds proxied traffic for review.
    await setPolicy(api, acct, { ip_ranges_csv: "185.220.101.0/24,tor" });
    const run = async (over: Record<string, unknown>) =>
      (await analyze(scoreBody(over), "labelled", { ...k, "x-idempotency-key": key() })).body;
    const returning = { id: uniq() };
    await analyze(scoreBody({ user: returning }), "live", { ...k, "x-idempotency-key": key() });
    expect((await run({ user: returning })).decision.type).toBe("APPROVE"); // 10, no risk signal
    expect((await run({})).decision.type).toBe("CONDITIONAL_APPROVE"); // new_user (medium), allow band
    expect((await run({ user: { id: uniq(), email: "a@mailinator.com" } })).decision).toMatchObject({
      type: "STEP_UP_AUTH",
      reasons: ["score_band:challenge", "email_disposable", "new_user"],
    });
    expect((await run({ user: { ...returning, ip_address: "185.220.101.9" } })).decision.type).toBe("HOLD"); // 10 + 40 (high)
    expect((await run({ user: { id: uniq(), email: "a@mailinator.com", ip_address: "185.220.101.9" } })).decision.type).toBe("BLOCK");
  });

  it("enforces X-Idempotency-Key and the TRANSACTIONS_WRITE scope", async () => {
    const missing = await call(`${api.url.live}/api/v1/transactions/analyze`, { headers: b, body: scoreBody() });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: "missing_required_field", param: "X-Idempotency-Key" });
    const k = key();
    await analyze(scoreBody(), "live", { ...b, "x-idempotency-key": k });
    const reused = await analyze(scoreBody(), "live", { ...b, "x-idempotency-key": k });
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe("idempotency_key_reused");
    const kyc = { "x-api-key": (await api.key({ account: ACCOUNT, scopes: ["KYC_READ"] })).key, "x-idempotency-key": key() };
    const forbidden = await call(`${api.url.live}/api/v1/transactions/analyze/sandbox`, { headers: kyc, body: scoreBody() });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe("FORBIDDEN");
    const invalid = await analyze({ ...scoreBody(), amount: -3 }, "labelled");
    expect(invalid.body.error).toMatchObject({ code: "invalid_field_value", param: "amount" });
  });
});
