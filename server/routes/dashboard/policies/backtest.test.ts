import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { runJobs } from "../../../test/identity-fixtures";
import { decide, score, scoreBody, setPolicy } from "../../../test/score-helpers";

let api: TestApi;
let admin: Record<string, string>;
let lead: Record<string, string>;
let analyst: Record<string, string>;
let key: Record<string, string>;
const ACCOUNT = "backtest-co";
const t0 = new Date(Date.now() - 60_000).toISOString();
beforeAll(async () => {
  api = await startTestApi();
  const tok = async (role: "admin" | "lead" | "analyst") => ({
    authorization: `Bearer ${await api.consoleToken((await api.analyst({ role, account: ACCOUNT })).id)}`,
  });
  admin = await tok("admin");
  lead = await tok("lead");
  analyst = await tok("analyst");
  key = bearer((await api.key({ account: ACCOUNT })).key);
});
afterAll(() => api?.close());

const url = (path = "") => `${api.url.live}/api/v1/policies/backtest${path}`;
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const draft = {
  score_bands: { block: 90, challenge: 15 },
  rules: [{ id: "big_amount", name: "Block large amounts", action: "block", when: { amount_gte: 9000 } }],
};

describe("POST /api/v1/policies/backtest", () => {
  it("validates the draft like a policy write and the period, naming the field", async () => {
    const body = { draft, start_time: t0, end_time: inAMinute() };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, draft: undefined }, "draft"],
      [{ ...body, draft: { ...draft, score_bands: { block: 30, challenge: 50 } } }, "draft.score_bands.challenge"],
      [
        { ...body, draft: { ...draft, rules: [{ name: "x", action: "block", when: { signals_all: ["no_such_signal"] } }] } },
        "draft.rules.0.when.signals_all.0",
      ],
      [{ ...body, draft: { ...draft, rules: [{ name: "x", action: "block", when: {} }] } }, "draft.rules.0.when"],
      [{ ...body, draft: { ...draft, rules: [draft.rules[0], draft.rules[0]] } }, "draft.rules.1.id"],
      [{ ...body, start_time: "yesterday" }, "start_time"],
      [{ ...body, end_time: undefined }, "end_time"],
      [{ ...body, start_time: "2026-03-01T00:00:00Z", end_time: "2026-02-01T00:00:00Z" }, "end_time"],
    ];
    for (const [b, param] of cases) {
      const r = await call(url(), { headers: admin, body: b });
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(r.body.error.param).toBe(param);
    }
    const long = await call(url(), {
      headers: admin,
      body: { ...body, start_time: "2025-01-01T00:00:00Z", end_time: "2026-01-03T00:00:00Z" },
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: "invalid_field_value", param: "end_time" });
    expect(long.body.error.message).toContain("366 days");
    // Exactly 366 days is allowed.
    expect(
      (await call(url(), { headers: admin, body: { ...body, start_time: "2025-01-01T00:00:00Z", end_time: "2026-01-02T00:00:00.000Z" } }))
        .status,
    ).toBe(202);
  });

  it("is for leads and admins; any role reads a backtest; API keys are refused", async () => {
    const body = { draft, start_time: t0, end_time: inAMinute() };
    expect((await call(url(), { headers: analyst, body })).status).toBe(403);
    const k = await call(url(), { headers: key, body });
    expect(k.status).toBe(403);
    const r = await call(url(), { headers: lead, body });
    expect(r.status).toBe(202);
    expect((await call(url(`/${r.body.id}`), { headers: analyst })).status).toBe(200);
    expect((await call(url("/bt_nope"), { headers: analyst })).status).toBe(404);
    // Another environment does not see it.
    expect((await call(`${api.url.test}/api/v1/policies/backtest/${r.body.id}`, { headers: analyst })).status).toBe(404);
  });

  it("a period without scores succeeds with an empty result", async () => {
    const r = await call(url(), { headers: admin, body: { draft, start_time: "2020-01-01T00:00:00Z", end_time: "2020-01-31T00:00:00Z" } });
    expect(r.body).toMatchObject({ object: "backtest", status: "queued", progress: { scanned: 0, total: 0 }, result: null });
    await runJobs(api);
    const done = await call(url(`/${r.body.id}`), { headers: analyst });
    expect(done.body).toMatchObject({ status: "succeeded", progress: { scanned: 0, total: 0 } });
    expect(done.body.result).toMatchObject({
      scores: 0,
      changed: 0,
      moves: [],
      live: { allow: 0, challenge: 0, block: 0 },
      outcomes: { labelled_fraud: 0, labelled_legit: 0, fraud_caught_added: 0, false_positives_added: 0 },
    });
  });

  it("replays the period's live scores with the draft: moves, examples, labelled outcomes", async () => {
    const start = new Date(Date.now() - 1000).toISOString();
    const allowed = [];
    for (const amount of [2500, 2500, 2500, 10_000]) allowed.push((await score(api, key, scoreBody({ amount }))).body);
    await setPolicy(api, ACCOUNT, { score_bands: { block: 15, challenge: 5 } });
    const blocked = [];
    for (let i = 0; i < 2; i++) blocked.push((await score(api, key, scoreBody())).body);
    await setPolicy(api, ACCOUNT, { score_bands: { block: 75, challenge: 40 } });
    // Another environment's scores are not read.
    await score(api, bearer((await api.key({ account: ACCOUNT, env: "test" })).key), scoreBody(), "test");
    for (const t of [...allowed, ...blocked]) expect(t.risk_score).toBeGreaterThanOrEqual(15);
    expect(allowed.map((t) => t.decision)).toEqual(["allow", "allow", "allow", "allow"]);
    expect(blocked.map((t) => t.decision)).toEqual(["block", "block"]);
    await decide(api, key, allowed[0].transaction_id, "confirmed_fraud");
    await decide(api, key, allowed[1].transaction_id, "false_positive");
    await decide(api, key, blocked[0].transaction_id, "false_positive");
    await decide(api, key, blocked[1].transaction_id, "confirmed_fraud");

    const r = await call(url(), { headers: admin, body: { draft, start_time: start, end_time: inAMinute() } });
    expect(r.status).toBe(202);
    expect(r.body.draft.rules[0]).toMatchObject({ id: "big_amount", enabled: true });
    await runJobs(api);
    const { body } = await call(url(`/${r.body.id}`), { headers: analyst });
    expect(body).toMatchObject({ status: "succeeded", progress: { scanned: 6, total: 6 } });
    expect(body.result).toMatchObject({
      scores: 6,
      changed: 6,
      live: { allow: 4, challenge: 0, block: 2 },
      draft: { allow: 0, challenge: 5, block: 1 },
      matrix: { allow: { allow: 0, challenge: 3, block: 1 }, block: { allow: 0, challenge: 2, block: 0 } },
      outcomes: {
        labelled_fraud: 2,
        labelled_legit: 2,
        live: { fraud_caught: 1, fraud_missed: 1, false_positives: 1 },
        draft: { fraud_caught: 2, fraud_missed: 0, false_positives: 2 },
        fraud_caught_added: 1,
        fraud_caught_lost: 0,
        false_positives_added: 1,
        false_positives_removed: 0,
      },
    });
    const toBlock = body.result.moves.find((m: { from: string; to: string }) => m.from === "allow" && m.to === "block");
    expect(toBlock.examples).toEqual([
      expect.objectContaining({
        transaction_id: allowed[3].transaction_id,
        risk_score: allowed[3].risk_score,
        from: "allow",
        to: "block",
        rule_id: "big_amount",
      }),
    ]);
    const toChallenge = body.result.moves.find((m: { from: string; to: string }) => m.from === "block" && m.to === "challenge");
    expect(toChallenge.examples.map((e: { transaction_id: string }) => e.transaction_id)).toEqual(blocked.map((t) => t.transaction_id));
  });

  it("is described in the OpenAPI document with its request and result schemas", async () => {
    const doc = (await call(`${api.url.live}/api/v1/openapi.json`)).body;
    expect(doc.paths["/api/v1/policies/backtest"].post.responses["202"]).toBeDefined();
    expect(doc.paths["/api/v1/policies/backtest/{id}"].get.responses["200"]).toBeDefined();
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(["BacktestRequest", "Backtest", "BacktestResult"]));
    expect(doc.components.schemas.BacktestResult.required).toEqual(expect.arrayContaining(["matrix", "moves", "outcomes"]));
  });
});
