import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";

// Endpoint management with the production rules (ARGUS_WEBHOOK_ALLOW_PRIVATE unset). Public
// targets are IP literals so the test needs no DNS.
let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi();
  key = (await api.key({ account: "hooks-co" })).key;
});
afterAll(() => api?.close());

const PUBLIC = "https://93.184.215.14/argus/hooks";
const url = (path: string) => `${api.url.live}${path}`;
const post = (body: unknown, k = key) => call(url("/v1/webhooks"), { headers: bearer(k), body });
const get = (path: string, k = key) => call(url(path), { headers: bearer(k) });
const patch = (id: string, body: unknown, k = key) => call(url(`/v1/webhooks/${id}`), { method: "PATCH", headers: bearer(k), body });
const del = (id: string, k = key) => call(url(`/v1/webhooks/${id}`), { method: "DELETE", headers: bearer(k) });

describe("POST /v1/webhooks", () => {
  it("registers an endpoint and shows its secret only once", async () => {
    const r = await post({ url: PUBLIC, events: ["case.updated", "alert.triggered", "case.updated"], description: "Ops pager" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      object: "webhook_endpoint",
      url: PUBLIC,
      events: ["case.updated", "alert.triggered"],
      description: "Ops pager",
      status: "enabled",
      disabled_reason: null,
    });
    expect(r.body.webhook_id).toMatch(/^we_/);
    expect(r.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(r.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const fetched = await get(`/v1/webhooks/${r.body.webhook_id}`);
    expect(fetched.status).toBe(200);
    const { secret: _secret, ...withoutSecret } = r.body;
    expect(fetched.body).toEqual(withoutSecret);
    const list = await get("/v1/webhooks");
    expect(JSON.stringify(list.body)).not.toContain(r.body.secret);
    expect(list.body.data.map((w: { webhook_id: string }) => w.webhook_id)).toContain(r.body.webhook_id);
  });

  it("subscribes to everything with *", async () => {
    const r = await post({ url: PUBLIC, events: ["case.updated", "*"] });
    expect(r.body.events).toEqual(["*"]);
    expect(r.body.description).toBeNull();
  });

  it("refuses unknown event names and bad bodies", async () => {
    for (const [body, code, param] of [
      [{ url: PUBLIC, events: ["case.updated", "case.created"] }, "invalid_field_value", "events.1"],
      [{ url: PUBLIC, events: [] }, "invalid_field_value", "events"],
      [{ url: PUBLIC }, "missing_required_field", "events"],
      [{ events: ["*"] }, "missing_required_field", "url"],
      [{ url: "not a url", events: ["*"] }, "invalid_field_value", "url"],
      [{ url: "ftp://93.184.215.14/", events: ["*"] }, "invalid_field_value", "url"],
    ] as const) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatchObject({ code, param });
    }
  });

  it.each([
    ["http://93.184.215.14/hook", "https"],
    ["https://127.0.0.1/hook", "loopback"],
    ["https://10.0.0.8/hook", "private"],
    ["https://10.200.3.4:8443/hook", "private"],
    ["https://169.254.169.254/latest/meta-data/", "link-local"],
    ["https://[::1]/hook", "loopback"],
    ["https://[::ffff:10.0.0.1]/hook", "private"],
    ["https://localhost/hook", "loopback"],
  ])("refuses the target %s (%s)", async (target, why) => {
    const r = await post({ url: target, events: ["*"] });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "invalid_field_value", param: "url" });
    expect(r.body.error.message).toContain(why);
  });

  it("needs webhooks:write; webhooks:read may only read", async () => {
    const reader = await api.key({ account: "hooks-co", scopes: ["webhooks:read"] });
    expect((await post({ url: PUBLIC, events: ["*"] }, reader.key)).status).toBe(403);
    expect((await get("/v1/webhooks", reader.key)).status).toBe(200);
    const other = await api.key({ account: "hooks-co", scopes: ["cases:write"] });
    expect((await get("/v1/webhooks", other.key)).status).toBe(403);
  });
});

describe("PATCH and DELETE /v1/webhooks/{id}", () => {
  it("updates url, events, description and status", async () => {
    const { body } = await post({ url: PUBLIC, events: ["case.updated"] });
    const r = await patch(body.webhook_id, {
      url: "https://93.184.215.15/v2",
      events: ["transaction.blocked", "transaction.flagged"],
      description: "v2",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      url: "https://93.184.215.15/v2",
      events: ["transaction.blocked", "transaction.flagged"],
      description: "v2",
      status: "enabled",
    });
    expect(r.body.secret).toBeUndefined();
    const off = await patch(body.webhook_id, { status: "disabled" });
    expect(off.body).toMatchObject({ status: "disabled", disabled_reason: null });
    expect(off.body.disabled_at).not.toBeNull();
    const on = await patch(body.webhook_id, { status: "enabled", description: null });
    expect(on.body).toMatchObject({ status: "enabled", disabled_at: null, description: null });
  });

  it("refuses internal targets and bad values on update, changing nothing", async () => {
    const { body } = await post({ url: PUBLIC, events: ["case.updated"] });
    const r = await patch(body.webhook_id, { url: "https://169.254.169.254/", description: "x" });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "invalid_field_value", param: "url" });
    const e = await patch(body.webhook_id, { events: ["nope"] });
    expect(e.body.error).toMatchObject({ code: "invalid_field_value", param: "events.0" });
    const s = await patch(body.webhook_id, { status: "paused" });
    expect(s.body.error).toMatchObject({ code: "invalid_field_value", param: "status" });
    expect((await get(`/v1/webhooks/${body.webhook_id}`)).body).toMatchObject({ url: PUBLIC, description: null, events: ["case.updated"] });
    // Nothing to change (a body without Content-Type is ignored): 400, not a 200 that changed nothing.
    const bare = await call(url(`/v1/webhooks/${body.webhook_id}`), {
      method: "PATCH",
      headers: bearer(key),
      raw: JSON.stringify({ status: "disabled" }),
    });
    expect(bare.body.error).toMatchObject({
      code: "missing_required_field",
      message: "Send at least one of url, events, description, status.",
    });
    expect((await get(`/v1/webhooks/${body.webhook_id}`)).body).toMatchObject({ status: "enabled" });
  });

  it("deletes an endpoint: 200 with the endpoint and deleted: true, then it is gone", async () => {
    const { body } = await post({ url: PUBLIC, events: ["*"] });
    const r = await del(body.webhook_id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "webhook_endpoint", webhook_id: body.webhook_id, deleted: true });
    expect((await get(`/v1/webhooks/${body.webhook_id}`)).status).toBe(404);
    expect((await del(body.webhook_id)).status).toBe(404);
    expect((await patch(body.webhook_id, { description: "x" })).status).toBe(404);
    expect((await get(`/v1/webhooks/${body.webhook_id}/deliveries`)).status).toBe(404);
    const list = await get("/v1/webhooks?limit=100");
    expect(list.body.data.some((w: { webhook_id: string }) => w.webhook_id === body.webhook_id)).toBe(false);
  });

  it("keeps accounts and environments apart", async () => {
    const { body } = await post({ url: PUBLIC, events: ["*"] });
    const testKey = await api.key({ account: "hooks-co", env: "test" });
    expect((await call(`${api.url.test}/v1/webhooks/${body.webhook_id}`, { headers: bearer(testKey.key) })).status).toBe(404);
    const stranger = await api.key({ account: "hooks-stranger" });
    expect((await get(`/v1/webhooks/${body.webhook_id}`, stranger.key)).status).toBe(404);
    expect((await del(body.webhook_id, stranger.key)).status).toBe(404);
    expect((await get("/v1/webhooks", stranger.key)).body.data).toEqual([]);
  });

  it("pages the list newest first", async () => {
    const k = (await api.key({ account: "hooks-pager" })).key;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await post({ url: PUBLIC, events: ["*"] }, k)).body.webhook_id);
    const p1 = await get("/v1/webhooks?limit=2", k);
    const p2 = await get(`/v1/webhooks?limit=2&after=${p1.body.next_cursor}`, k);
    expect([...p1.body.data, ...p2.body.data].map((w: { webhook_id: string }) => w.webhook_id)).toEqual(ids.reverse());
    expect(p2.body.has_more).toBe(false);
  });
});
