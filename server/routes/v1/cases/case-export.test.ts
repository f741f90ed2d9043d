import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { decide, score, scoreBody, uniq } from "../../../test/score-helpers";
import { raiseAlert } from "../../../domain/alerts/raise";
import { screenPerson } from "../../../domain/screening";

// Case export (server/domain/cases/README.md, "Export"): GET /v1/cases/{id}/export gives the case,
// its audit, notes, alerts, linked transactions with scores and decision chains, and screenings.

let api: TestApi;
let key: string;
let accountId: string;
beforeAll(async () => {
  api = await startTestApi();
  const k = await api.key({ account: "export-co" });
  key = k.key;
  accountId = k.accountId;
  await api.deps.watchlists.get();
});
afterAll(() => api?.close());

const url = (path: string, env: "live" | "test" = "live") => `${api.url[env]}${path}`;

describe("GET /v1/cases/{id}/export", () => {
  it("carries the case, its audit and notes, the alerts with their histories, the transactions with their decision chains and the user's screenings", async () => {
    const userId = uniq("exp");
    const s1 = await score(api, bearer(key), scoreBody({ user: { id: userId, email: `${userId}@example.com` } }));
    const s2 = await score(api, bearer(key), scoreBody({ user: { id: userId, email: `${userId}@example.com` } }));
    expect(s1.status).toBe(200);
    const t1 = s1.body.transaction_id as string;
    const t2 = s2.body.transaction_id as string;
    expect((await decide(api, bearer(key), t1, "confirmed_fraud")).status).toBe(201);
    // A screening of the case's user, stored as the watchlist route stores one.
    const screened = await screenPerson(
      api.deps.database.db,
      { scope: { accountId, environment: "live" }, deps: api.deps },
      { userId, name: "Joseph Kony", source: "api" },
    );
    const { alert } = await raiseAlert(
      api.deps.database.db,
      api.deps.jobs,
      { accountId, environment: "live" },
      {
        type: "card_testing",
        key: uniq("exp-alert"),
        confidence: 0.8,
        userIds: [userId],
        transactionIds: [t1],
        summary: "pattern",
      },
    );
    const created = await call(url("/v1/cases"), {
      headers: bearer(key),
      body: {
        title: "Export me",
        case_type: "payment_fraud",
        user_id: userId,
        transaction_ids: [t2, t1],
        alert_id: alert.id,
        notes: "Opened.",
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.case_id as string;
    expect(
      (
        await call(url(`/v1/cases/${id}`), {
          method: "PATCH",
          headers: bearer(key),
          body: { status: "resolved", resolution: "confirmed_fraud", notes: "Card testing." },
        })
      ).status,
    ).toBe(200);

    const r = await call(url(`/v1/cases/${id}/export`), { headers: bearer(key) });
    expect(r.status).toBe(200);
    const e = r.body;
    expect(e.object).toBe("case_export");
    expect(e.case).toMatchObject({ case_id: id, status: "resolved", resolution: "confirmed_fraud" });
    expect(e.audit.map((x: { seq: number }) => x.seq)).toEqual(e.audit.map((_: unknown, i: number) => i + 1));
    expect(e.audit.map((x: { action: string }) => x.action)).toEqual([
      "created",
      "note_added",
      "status_changed",
      "resolution_changed",
      "note_added",
      "alerts_resolved",
    ]);
    expect(e.notes.map((n: { note: string }) => n.note)).toEqual(["Opened.", "Card testing."]);
    expect(e.alerts).toHaveLength(1);
    expect(e.alerts[0]).toMatchObject({ alert_id: alert.id, status: "resolved", resolution: "confirmed_fraud", case_id: id });
    expect(e.alerts[0].history.map((h: { action: string }) => h.action)).toContain("case_linked");
    // In the order linked, each with its score and decision chain.
    expect(e.transactions.map((t: { transaction_id: string }) => t.transaction_id)).toEqual([t2, t1]);
    expect(e.transactions[1]).toMatchObject({ risk_score: s1.body.risk_score, final_decision: "block", label: "fraud" });
    expect(e.transactions[1].decisions.map((d: { reason: string; seq: number }) => [d.reason, d.seq])).toEqual([["confirmed_fraud", 1]]);
    expect(e.transactions[0].decisions).toEqual([]);
    expect(e.screenings.map((x: { screening_id: string }) => x.screening_id)).toEqual([screened.id]);
  });

  it("is 404 for a case of another account or environment, and needs a case scope", async () => {
    const created = await call(url("/v1/cases"), { headers: bearer(key), body: { title: "Mine", case_type: "payment_fraud" } });
    const id = created.body.case_id as string;
    const other = await api.key({ account: "export-other" });
    expect((await call(url(`/v1/cases/${id}/export`), { headers: bearer(other.key) })).status).toBe(404);
    const testKey = await api.key({ account: "export-co", env: "test" });
    expect((await call(url(`/v1/cases/${id}/export`, "test"), { headers: bearer(testKey.key) })).status).toBe(404);
    expect((await call(url("/v1/cases/case_nope/export"), { headers: bearer(key) })).body.error.code).toBe("resource_not_found");
    const narrow = await api.key({ account: "export-co", scopes: ["events:read"] });
    expect((await call(url(`/v1/cases/${id}/export`), { headers: bearer(narrow.key) })).status).toBe(403);
    const reader = await api.key({ account: "export-co", scopes: ["cases:read"] });
    const ok = await call(url(`/v1/cases/${id}/export`), { headers: bearer(reader.key) });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ alerts: [], transactions: [], screenings: [], notes: [] });
  });
});
