import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";

// GET/PUT /api/v1/policies/sla (server/domain/sla/README.md): the due time per severity.

let api: TestApi;
let admin: Record<string, string>;
let lead: Record<string, string>;
let key: Record<string, string>;
const ACCOUNT = "sla-policy-co";
beforeAll(async () => {
  api = await startTestApi();
  const tok = async (role: "admin" | "lead") => ({
    authorization: `Bearer ${await api.consoleToken((await api.analyst({ role, account: ACCOUNT })).id)}`,
  });
  admin = await tok("admin");
  lead = await tok("lead");
  key = bearer((await api.key({ account: ACCOUNT })).key);
});
afterAll(() => api?.close());

const url = () => `${api.url.live}/api/v1/policies/sla`;
const H = 3_600;
const defaults = { critical: 4 * H, high: 24 * H, medium: 72 * H, low: 7 * 24 * H };
const mine = { critical: 1 * H, high: 8 * H, medium: 24 * H, low: 3 * 24 * H };

describe("/api/v1/policies/sla", () => {
  it("shows the defaults (critical 4 h, high 24 h, medium 72 h, low 7 days) as version 0", async () => {
    const r = await call(url(), { headers: lead });
    expect(r.status).toBe(200);
    expect(r.headers.get("etag")).toBe('"0"');
    expect(r.body).toEqual({
      object: "sla_policy",
      environment: "live",
      case_due_seconds: defaults,
      alert_due_seconds: defaults,
      version: 0,
      updated_at: null,
      updated_by: null,
    });
  });

  it("refuses bad due times naming the field, and changes nothing", async () => {
    const bad: [Record<string, unknown>, string, string][] = [
      [{ case_due_seconds: { ...mine, critical: 0 }, alert_due_seconds: mine }, "case_due_seconds.critical", "invalid_field_value"],
      [{ case_due_seconds: mine, alert_due_seconds: { ...mine, low: -60 } }, "alert_due_seconds.low", "invalid_field_value"],
      [{ case_due_seconds: mine, alert_due_seconds: { ...mine, high: 1.5 } }, "alert_due_seconds.high", "invalid_field_value"],
      [{ case_due_seconds: { ...mine, urgent: 60 }, alert_due_seconds: mine }, "case_due_seconds", "invalid_field_value"],
      [
        { case_due_seconds: { critical: 60, high: 60, medium: 60 }, alert_due_seconds: mine },
        "case_due_seconds.low",
        "missing_required_field",
      ],
      [{ case_due_seconds: mine }, "alert_due_seconds", "missing_required_field"],
    ];
    for (const [body, param, code] of bad) {
      const r = await call(url(), { method: "PUT", headers: admin, body });
      expect(r.status, param).toBe(400);
      expect(r.body.error, param).toMatchObject({ code, param });
    }
    const unknown = await call(url(), {
      method: "PUT",
      headers: admin,
      body: { case_due_seconds: { ...mine, urgent: 60 }, alert_due_seconds: mine },
    });
    expect(unknown.body.error.message).toContain("urgent");
    expect((await call(url(), { headers: admin })).body.version).toBe(0);
  });

  it("only admins replace it; API keys are refused", async () => {
    expect((await call(url(), { method: "PUT", headers: lead, body: { case_due_seconds: mine, alert_due_seconds: mine } })).status).toBe(
      403,
    );
    expect((await call(url(), { headers: key })).status).toBe(403);
  });

  it("replaces it with If-Match; a stale version is 409 (CONFLICT) naming the current one, nothing changed", async () => {
    const put = await call(url(), {
      method: "PUT",
      headers: { ...admin, "if-match": '"0"' },
      body: { case_due_seconds: mine, alert_due_seconds: defaults },
    });
    expect(put.status).toBe(200);
    expect(put.headers.get("etag")).toBe('"1"');
    expect(put.body).toMatchObject({ case_due_seconds: mine, alert_due_seconds: defaults, version: 1 });
    expect(put.body.updated_by).toMatch(/^ana_/);
    const stale = await call(url(), {
      method: "PUT",
      headers: { ...admin, "if-match": '"0"' },
      body: { case_due_seconds: defaults, alert_due_seconds: defaults },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("CONFLICT"); // Surface B's name for version_conflict
    expect(stale.body.error.message).toContain("version is 1");
    expect((await call(url(), { headers: admin })).body).toMatchObject({ case_due_seconds: mine, version: 1 });
    // Without If-Match the change applies (clients of the specification).
    const blind = await call(url(), { method: "PUT", headers: admin, body: { case_due_seconds: mine, alert_due_seconds: mine } });
    expect(blind.body.version).toBe(2);
  });

  it("is per environment: the test environment still has the defaults", async () => {
    const r = await call(`${api.url.test}/api/v1/policies/sla`, { headers: admin });
    expect(r.body).toMatchObject({ environment: "test", case_due_seconds: defaults, version: 0 });
  });
});
