import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../test/harness";
import { score, scoreBody } from "../test/score-helpers";

// Every text the console sends has a limit the API enforces: over it, 400 invalid_field_value
// naming the field and the limit, and nothing is written; at it, the text is stored whole. The
// console's counters (lib/schemas/text-limits.ts) use these same numbers.

let api: TestApi;
let h: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi();
  h = bearer((await api.key({ account: "limits-co" })).key);
  admin = { authorization: `Bearer ${await api.consoleToken((await api.analyst({ account: "limits-co", role: "admin" })).id)}` };
});
afterAll(() => api?.close());

const refusedFor = (
  r: { status: number; body: { error?: { code?: string; param?: string; message?: string } } },
  param: string,
  max: number,
) => {
  expect(r.status).toBe(400);
  expect(r.body.error).toMatchObject({ code: "invalid_field_value", param });
  expect(r.body.error?.message).toContain(`at most ${max} characters`);
};

describe("text limits", () => {
  it("cases: title 200, notes 5,000 on create and on update; at the limit stored whole", async () => {
    const base = { title: "t", case_type: "chargeback", severity: "low" };
    refusedFor(await call(`${api.url.live}/v1/cases`, { headers: h, body: { ...base, title: "x".repeat(201) } }), "title", 200);
    refusedFor(await call(`${api.url.live}/v1/cases`, { headers: h, body: { ...base, notes: "n".repeat(5001) } }), "notes", 5000);
    const created = await call(`${api.url.live}/v1/cases`, {
      headers: h,
      body: { ...base, title: "x".repeat(200), notes: "n".repeat(5000) },
    });
    expect(created.status).toBe(201);
    expect(created.body.title).toHaveLength(200);
    const patchUrl = `${api.url.live}/v1/cases/${created.body.case_id}`;
    refusedFor(await call(patchUrl, { method: "PATCH", headers: h, body: { notes: "m".repeat(5001) } }), "notes", 5000);
    expect((await call(patchUrl, { method: "PATCH", headers: h, body: { notes: "m".repeat(5000) } })).status).toBe(200);
    const notes = (await call(patchUrl, { headers: h })).body.events
      .filter((e: { action: string }) => e.action === "note_added")
      .map((e: { note: string }) => e.note.length);
    expect(notes).toEqual([5000, 5000]);
  });

  it("alert resolution notes 5,000, decision notes 1,000", async () => {
    refusedFor(
      await call(`${api.url.live}/v1/alerts/alert_x`, {
        method: "PATCH",
        headers: h,
        body: { status: "resolved", resolution_notes: "r".repeat(5001) },
      }),
      "resolution_notes",
      5000,
    );
    const t = await score(api, h, scoreBody());
    const decision = { transaction_id: t.body.transaction_id, decision: "allow", reason: "manual_review" };
    refusedFor(await call(`${api.url.live}/v1/decisions`, { headers: h, body: { ...decision, notes: "d".repeat(1001) } }), "notes", 1000);
    const ok = await call(`${api.url.live}/v1/decisions`, { headers: h, body: { ...decision, notes: "d".repeat(1000) } });
    expect(ok.status).toBe(201);
    expect(ok.body.notes).toHaveLength(1000);
  });

  it("webhooks: url 2,048, description 500", async () => {
    refusedFor(
      await call(`${api.url.live}/v1/webhooks`, { headers: h, body: { url: `https://example.com/${"u".repeat(2048)}`, events: ["*"] } }),
      "url",
      2048,
    );
    refusedFor(
      await call(`${api.url.live}/v1/webhooks`, {
        headers: h,
        body: { url: "https://example.com/hook", events: ["*"], description: "w".repeat(501) },
      }),
      "description",
      500,
    );
  });

  it("dashboard: API key label 100, analyst name 200, rule name 100", async () => {
    refusedFor(await call(`${api.url.live}/api/v1/api-keys`, { headers: admin, body: { label: "k".repeat(101) } }), "label", 100);
    const key = await call(`${api.url.live}/api/v1/api-keys`, { headers: admin, body: { label: "k".repeat(100) } });
    expect(key.status).toBe(201);
    expect(key.body.label).toHaveLength(100);
    refusedFor(
      await call(`${api.url.live}/api/v1/analysts`, {
        headers: admin,
        body: { email: "long@example.com", name: "a".repeat(201), role: "analyst", password: "correct horse battery" },
      }),
      "name",
      200,
    );
    const rule = { id: "r1", name: "r".repeat(101), action: "block", when: { score_gte: 90 } };
    refusedFor(
      await call(`${api.url.live}/api/v1/policies`, { method: "PATCH", headers: admin, body: { rules: [rule] } }),
      "rules.0.name",
      100,
    );
    const saved = await call(`${api.url.live}/api/v1/policies`, {
      method: "PATCH",
      headers: admin,
      body: { rules: [{ ...rule, name: "r".repeat(100) }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.rules[0].name).toHaveLength(100);
  });
});
