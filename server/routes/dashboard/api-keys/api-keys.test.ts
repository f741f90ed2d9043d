import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { mountProbeRoutes } from "../../../test/probe-routes";

let api: TestApi;
let adminToken: string;
let analystToken: string;
beforeAll(async () => {
  api = await startTestApi({ extend: mountProbeRoutes });
  adminToken = await api.consoleToken((await api.analyst({ role: "admin" })).id);
  analystToken = await api.consoleToken((await api.analyst({ role: "analyst" })).id);
});
afterAll(() => api?.close());

const keysUrl = (env: "live" | "test" = "live") => `${api.url[env]}/api/v1/api-keys`;
const asAdmin = () => ({ authorization: `Bearer ${adminToken}` });

describe("dashboard authentication", () => {
  it("refuses API keys with 403 'API keys are not permitted on this endpoint'", async () => {
    const { key } = await api.key();
    for (const headers of [{ "x-api-key": key }, bearer(key)]) {
      const r = await call(keysUrl(), { headers });
      expect(r.status).toBe(403);
      expect(r.body.error).toMatchObject({ code: "FORBIDDEN", message: "API keys are not permitted on this endpoint" });
    }
  });

  it("refuses a missing, forged or expired token with 401 UNAUTHORIZED", async () => {
    const forged = await api.consoleToken((await api.analyst({ role: "admin" })).id, { secret: new TextEncoder().encode("x".repeat(40)) });
    const expired = await api.consoleToken((await api.analyst({ role: "admin" })).id, { expiresIn: "-1m" });
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Bearer not-a-jwt" },
      { authorization: `Bearer ${forged}` },
      { authorization: `Bearer ${expired}` },
    ]) {
      const r = await call(keysUrl(), { headers });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe("UNAUTHORIZED");
      expect(r.body.error.docs_url).toBeDefined();
    }
  });

  it("enforces the role: an analyst may not manage keys", async () => {
    const r = await call(keysUrl(), { headers: { authorization: `Bearer ${analystToken}` } });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("FORBIDDEN");
  });
});

describe("API keys", () => {
  it("creates a key of the listener's environment, shown once, that works at once", async () => {
    const r = await call(keysUrl("test"), {
      headers: asAdmin(),
      body: { label: "Checkout service", scopes: ["TRANSACTIONS_WRITE", "cases:read"] },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      object: "api_key",
      environment: "test",
      label: "Checkout service",
      scopes: ["TRANSACTIONS_WRITE", "cases:read"],
    });
    expect(r.body.key).toMatch(/^argus_test_sk_[0-9A-Za-z]{32}$/);
    expect(r.body.last_four).toBe(r.body.key.slice(-4));
    const list = await call(keysUrl("test"), { headers: asAdmin() });
    const listed = list.body.data.find((k: { id: string }) => k.id === r.body.id);
    expect(listed).toBeDefined();
    expect(listed.key).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toContain(r.body.key);
    expect((await call(`${api.url.test}/v1/_probe/whoami`, { headers: bearer(r.body.key) })).status).toBe(200);
  });

  it("validates the body", async () => {
    const r = await call(keysUrl(), { headers: asAdmin(), body: { label: "x", scopes: ["everything"] } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "invalid_field_value", param: "scopes.0" });
    const m = await call(keysUrl(), { headers: asAdmin(), body: {} });
    expect(m.body.error).toMatchObject({ code: "missing_required_field", param: "label" });
  });

  it("revokes a key: its next request is 401, and the revocation time is kept", async () => {
    const created = await call(keysUrl(), { headers: asAdmin(), body: { label: "to revoke" } });
    const url = `${api.url.live}/v1/_probe/whoami`;
    expect((await call(url, { headers: bearer(created.body.key) })).status).toBe(200);
    const revoked = await call(`${keysUrl()}/${created.body.id}/revoke`, { headers: asAdmin(), method: "POST" });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect((await call(url, { headers: bearer(created.body.key) })).status).toBe(401);
    const again = await call(`${keysUrl()}/${created.body.id}/revoke`, { headers: asAdmin(), method: "POST" });
    expect(again.body.revoked_at).toBe(revoked.body.revoked_at);
  });

  it("keeps environments and accounts apart", async () => {
    const created = await call(keysUrl("live"), { headers: asAdmin(), body: { label: "live only" } });
    const fromTest = await call(`${keysUrl("test")}/${created.body.id}/revoke`, { headers: asAdmin(), method: "POST" });
    expect(fromTest.status).toBe(404);
    expect(fromTest.body.error.code).toBe("resource_not_found");
    const testList = await call(keysUrl("test"), { headers: asAdmin() });
    expect(testList.body.data.some((k: { id: string }) => k.id === created.body.id)).toBe(false);
    const otherAdmin = await api.consoleToken((await api.analyst({ role: "admin", account: "other-co" })).id);
    const cross = await call(`${keysUrl()}/${created.body.id}/revoke`, {
      headers: { authorization: `Bearer ${otherAdmin}` },
      method: "POST",
    });
    expect(cross.status).toBe(404);
  });

  it("pages with a stable cursor, newest first", async () => {
    const token = await api.consoleToken((await api.analyst({ role: "admin", account: "pager" })).id);
    const headers = { authorization: `Bearer ${token}` };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await call(keysUrl(), { headers, body: { label: `k${i}` } })).body.id);
    const p1 = await call(`${keysUrl()}?limit=2`, { headers });
    expect(p1.body).toMatchObject({ object: "list", has_more: true });
    expect(p1.body.data.map((k: { id: string }) => k.id)).toEqual([ids[4], ids[3]]);
    const p2 = await call(`${keysUrl()}?limit=2&after=${p1.body.next_cursor}`, { headers });
    expect(p2.body.data.map((k: { id: string }) => k.id)).toEqual([ids[2], ids[1]]);
    const p3 = await call(`${keysUrl()}?limit=2&after=${p2.body.next_cursor}`, { headers });
    expect(p3.body.data.map((k: { id: string }) => k.id)).toEqual([ids[0]]);
    expect(p3.body).toMatchObject({ has_more: false, next_cursor: null });
    for (const q of ["limit=0", "limit=101", "limit=abc", "after=garbage"]) {
      const bad = await call(`${keysUrl()}?${q}`, { headers });
      expect(bad.status, q).toBe(400);
      expect(bad.body.error.code).toBe("invalid_field_value");
    }
    expect((await call(keysUrl(), { headers })).body.data).toHaveLength(5); // default limit 20
  });

  it("records last use and request counts", async () => {
    const created = await call(keysUrl(), { headers: asAdmin(), body: { label: "counted" } });
    for (let i = 0; i < 3; i++) await call(`${api.url.live}/v1/_probe/whoami`, { headers: bearer(created.body.key) });
    await api.deps.keyUsage.flush();
    const list = await call(`${keysUrl()}?limit=100`, { headers: asAdmin() });
    const row = list.body.data.find((k: { id: string }) => k.id === created.body.id);
    expect(row.request_count).toBe(3);
    expect(row.last_used_at).not.toBeNull();
  });
});
