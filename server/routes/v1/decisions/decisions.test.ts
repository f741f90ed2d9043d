import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { rows } from "../../../db/client";
import { decide, score, scoreBody, uniq } from "../../../test/score-helpers";

let api: TestApi;
let h: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi();
  h = bearer((await api.key({ account: "decisions-co" })).key);
});
afterAll(() => api?.close());

const url = () => `${api.url.live}/v1/decisions`;
const db = () => api.deps.database.db;

describe("POST /v1/decisions", () => {
  it("records a decision (201) and writes decision.submitted with decision and reason_codes", async () => {
    const t = await score(api, h, scoreBody());
    const r = await call(url(), {
      headers: h,
      body: {
        transaction_id: t.body.transaction_id,
        decision: "allow",
        reason: "customer_verified",
        notes: "called the customer",
        analyst_id: "ana_42",
      },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      object: "decision",
      transaction_id: t.body.transaction_id,
      decision: "allow",
      reason: "customer_verified",
      notes: "called the customer",
      analyst_id: "ana_42",
    });
    expect(r.body.decision_id).toMatch(/^dec_/);
    const ev = await call(`${api.url.live}/v1/events?transaction_id=${t.body.transaction_id}&event_type=decision.submitted`, {
      headers: h,
    });
    expect(ev.body.data).toHaveLength(1);
    expect(ev.body.data[0].payload).toMatchObject({ decision: "allow", reason_codes: ["customer_verified"] });
  });

  it("validates the body", async () => {
    const t = await score(api, h, scoreBody());
    const base = { transaction_id: t.body.transaction_id, decision: "block", reason: "manual_review" };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, transaction_id: undefined }, "missing_required_field", "transaction_id"],
      [{ ...base, decision: undefined }, "missing_required_field", "decision"],
      [{ ...base, reason: undefined }, "missing_required_field", "reason"],
      [{ ...base, decision: "deny" }, "invalid_field_value", "decision"],
      [{ ...base, reason: "gut_feeling" }, "invalid_field_value", "reason"],
      [{ ...base, notes: "x".repeat(1001) }, "invalid_field_value", "notes"],
      [{ ...base, analyst_id: 7 }, "invalid_field_value", "analyst_id"],
    ];
    for (const [body, code, param] of cases) {
      const r = await call(url(), { headers: h, body });
      expect(r.status, param).toBe(400);
      expect(r.body.error).toMatchObject({ code, param });
    }
    expect((await call(url(), { headers: h, body: { ...base, notes: "x".repeat(1000) } })).status).toBe(201);
  });

  it("refuses a decision its reason contradicts with 422 (allow confirmed fraud, block a false positive) and records nothing", async () => {
    const t = await score(api, h, scoreBody());
    for (const [decision, reason] of [
      ["allow", "confirmed_fraud"],
      ["block", "false_positive"],
    ]) {
      const r = await call(url(), { headers: h, body: { transaction_id: t.body.transaction_id, decision, reason } });
      expect(r.status, `${decision} ${reason}`).toBe(422);
      expect(r.body.error).toMatchObject({ code: "unprocessable", param: "reason" });
    }
    const chain = await call(`${url()}?transaction_id=${t.body.transaction_id}`, { headers: h });
    expect(chain.body.data).toEqual([]);
    const [label] = await rows<{ label: string | null }>(db(), sql`select label from transactions where id = ${t.body.transaction_id}`);
    expect(label?.label).toBeNull();
    // The nearby combinations stay allowed: challenge either, block confirmed fraud, allow a false positive.
    for (const [decision, reason] of [
      ["challenge", "confirmed_fraud"],
      ["challenge", "false_positive"],
      ["block", "confirmed_fraud"],
      ["allow", "false_positive"],
    ]) {
      expect((await call(url(), { headers: h, body: { transaction_id: t.body.transaction_id, decision, reason } })).status).toBe(201);
    }
  });

  it("answers an unknown transaction (or one of another account) with 404 resource_not_found, param transaction_id", async () => {
    const r = await call(url(), { headers: h, body: { transaction_id: "txn_nope", decision: "block", reason: "manual_review" } });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: "resource_not_found", param: "transaction_id" });
    const t = await score(api, h, scoreBody());
    const other = bearer((await api.key({ account: "other-co" })).key);
    expect(
      (await call(url(), { headers: other, body: { transaction_id: t.body.transaction_id, decision: "block", reason: "manual_review" } }))
        .status,
    ).toBe(404);
  });

  it("keeps the chain: a correction is a new record; GET shows every decision in order", async () => {
    const t = await score(api, h, scoreBody());
    const first = await decide(api, h, t.body.transaction_id, "confirmed_fraud");
    const second = await decide(api, h, t.body.transaction_id, "false_positive");
    const g = await call(`${api.url.live}/v1/transactions/${t.body.transaction_id}`, { headers: h });
    expect(g.body.decisions.map((d: { decision_id: string }) => d.decision_id)).toEqual([first.body.decision_id, second.body.decision_id]);
    expect(g.body).toMatchObject({ final_decision: "allow", label: "legit" });
    const list = await call(`${url()}?transaction_id=${t.body.transaction_id}`, { headers: h });
    expect(list.body).toMatchObject({ object: "list", has_more: false, next_cursor: null });
    expect(list.body.data.map((d: { decision_id: string }) => d.decision_id)).toEqual([second.body.decision_id, first.body.decision_id]);
    const page = await call(`${url()}?transaction_id=${t.body.transaction_id}&limit=1`, { headers: h });
    expect(page.body.has_more).toBe(true);
    const next = await call(`${url()}?transaction_id=${t.body.transaction_id}&limit=1&after=${page.body.next_cursor}`, { headers: h });
    expect(next.body.data[0].decision_id).toBe(first.body.decision_id);
  });

  it("is immutable in the database itself: UPDATE, DELETE and TRUNCATE are refused", async () => {
    const t = await score(api, h, scoreBody());
    const d = await decide(api, h, t.body.transaction_id, "manual_review", "challenge");
    const refused = { cause: { message: expect.stringMatching(/immutable/) } };
    await expect(db().execute(sql`update decisions set decision = 'allow' where id = ${d.body.decision_id}`)).rejects.toMatchObject(
      refused,
    );
    await expect(db().execute(sql`delete from decisions where id = ${d.body.decision_id}`)).rejects.toMatchObject(refused);
    await expect(db().execute(sql`truncate decisions`)).rejects.toMatchObject(refused);
    await expect(db().execute(sql`update events set payload = '{}' where transaction_id = ${t.body.transaction_id}`)).rejects.toMatchObject(
      { cause: { message: expect.stringMatching(/append-only/) } },
    );
    const left = await rows<{ decision: string }>(db(), sql`select decision from decisions where id = ${d.body.decision_id}`);
    expect(left).toEqual([{ decision: "challenge" }]);
  });

  it("replays with the same Idempotency-Key, creating one record", async () => {
    const t = await score(api, h, scoreBody());
    const body = { transaction_id: t.body.transaction_id, decision: "block", reason: "manual_review" };
    const k = uniq("dk-");
    const a = await call(url(), { headers: { ...h, "idempotency-key": k }, body });
    const b = await call(url(), { headers: { ...h, "idempotency-key": k }, body });
    expect(b.body).toEqual(a.body);
    const n = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from decisions where transaction_id = ${t.body.transaction_id}`,
    );
    expect(Number(n[0]?.n)).toBe(1);
  });

  it("needs decisions:write (GET also accepts events:read)", async () => {
    const t = await score(api, h, scoreBody());
    const reader = bearer((await api.key({ account: "decisions-co", scopes: ["events:read"] })).key);
    expect(
      (await call(url(), { headers: reader, body: { transaction_id: t.body.transaction_id, decision: "allow", reason: "manual_review" } }))
        .status,
    ).toBe(403);
    expect((await call(`${url()}?transaction_id=${t.body.transaction_id}`, { headers: reader })).status).toBe(200);
  });
});

describe("labels adjust the account's model", () => {
  it("confirmed_fraud raises a similar transaction's score, false_positive lowers it", async () => {
    const k = bearer((await api.key({ account: uniq("learn-co") })).key);
    // "Similar": a new user paying with a disposable e-mail from a hosting-free public IP.
    const similar = () => scoreBody({ user: { id: uniq(), email: `${uniq("s")}@mailinator.com` } });
    const baseline = await score(api, k, similar());
    expect(baseline.body.model_version).toMatch(/\.0$/);
    const labelled = await score(api, k, similar());
    await decide(api, k, labelled.body.transaction_id, "confirmed_fraud");
    const afterFraud = await score(api, k, similar());
    expect(afterFraud.body.risk_score).toBeGreaterThan(baseline.body.risk_score);
    expect(afterFraud.body.model_version).not.toBe(baseline.body.model_version);
    const explained = await call(`${api.url.live}/v1/transactions/${afterFraud.body.transaction_id}`, { headers: k });
    const disposable = explained.body.explanation.contributions.find((c: { name: string }) => c.name === "email_disposable");
    expect(disposable.learned).toBeGreaterThan(0);

    // The analysts find it was a mistake, and two more like it are legitimate.
    await decide(api, k, labelled.body.transaction_id, "false_positive");
    for (let i = 0; i < 2; i++) await decide(api, k, (await score(api, k, similar())).body.transaction_id, "false_positive");
    const afterLegit = await score(api, k, similar());
    expect(afterLegit.body.risk_score).toBeLessThan(baseline.body.risk_score);
  });

  it("only the two labelling reasons change the label", async () => {
    const t = await score(api, h, scoreBody());
    await decide(api, h, t.body.transaction_id, "policy_exception", "allow");
    const g = await call(`${api.url.live}/v1/transactions/${t.body.transaction_id}`, { headers: h });
    expect(g.body.label).toBeNull();
    expect(g.body.final_decision).toBe("allow");
  });
});
