import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "./harness";
import { raiseAlert, type RaiseAlertInput } from "../domain/alerts/raise";

// Versions (server/README.md) for the other versioned objects: alerts, webhook endpoints
// (Surface A, 409 version_conflict) and the score and detection policies (Surface B, 409 CONFLICT).
// Cases have their own file (routes/v1/cases/case-versions.test.ts).

let api: TestApi;
let key: Record<string, string>;
let accountId: string;
let admin: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi({ env: { ARGUS_WEBHOOK_ALLOW_PRIVATE: "1" } });
  const k = await api.key({ account: "versioned-co" });
  key = bearer(k.key);
  accountId = k.accountId;
  admin = bearer(await api.consoleToken((await api.analyst({ role: "admin", account: "versioned-co" })).id));
});
afterAll(() => api?.close());

const send = (path: string, method: string, headers: Record<string, string>, body?: unknown, ifMatch?: string) =>
  call(`${api.url.live}${path}`, { method, headers: { ...headers, ...(ifMatch ? { "if-match": ifMatch } : {}) }, body });

describe("alerts", () => {
  it("carry a version that an analyst's change grows and the engine's folded hits do not", async () => {
    const scope = { accountId, environment: "live" as const };
    const hit: RaiseAlertInput = {
      type: "card_testing",
      key: "ip:198.51.100.9",
      confidence: 0.8,
      userIds: ["u1"],
      transactionIds: [],
      summary: "cards",
    };
    const { alert } = await raiseAlert(api.deps.database.db, api.deps.jobs, scope, hit);
    const path = `/v1/alerts/${alert.id}`;
    const read = await send(path, "GET", key);
    expect(read.body.version).toBe(1);
    expect(read.headers.get("etag")).toBe('"1"');
    await raiseAlert(api.deps.database.db, api.deps.jobs, scope, { ...hit, userIds: ["u2"] });
    expect((await send(path, "GET", key)).body).toMatchObject({ version: 1, affected_users: 2 });

    const ack = await send(path, "PATCH", key, { status: "acknowledged" }, '"1"');
    expect(ack.body.version).toBe(2);
    expect(ack.headers.get("etag")).toBe('"2"');
    const stale = await send(path, "PATCH", key, { status: "resolved", resolution_notes: "Not fraud." }, '"1"');
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "version_conflict" });
    expect(stale.body.error.message).toMatch(/current version is 2/);
    expect((await send(path, "GET", key)).body).toMatchObject({ status: "acknowledged", resolution_notes: null, version: 2 });
  });
});

describe("webhook endpoints", () => {
  it("carry a version; PATCH and DELETE with a stale If-Match are 409 and change nothing", async () => {
    const created = await send("/v1/webhooks", "POST", key, { url: "http://127.0.0.1:9/hook", events: ["case.updated"] });
    expect(created.body.version).toBe(1);
    const path = `/v1/webhooks/${created.body.webhook_id}`;
    expect((await send(path, "GET", key)).headers.get("etag")).toBe('"1"');
    const changed = await send(path, "PATCH", key, { description: "Case feed" }, '"1"');
    expect(changed.body).toMatchObject({ version: 2, description: "Case feed" });
    const stale = await send(path, "PATCH", key, { status: "disabled" }, '"1"');
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("version_conflict");
    expect((await send(path, "DELETE", key, undefined, '"1"')).status).toBe(409);
    expect((await send(path, "GET", key)).body).toMatchObject({ status: "enabled", version: 2 });
    expect((await send("/v1/webhooks/we_nope", "PATCH", key, { description: "x" }, '"1"')).status).toBe(404);
    expect((await send(path, "DELETE", key, undefined, '"2"')).status).toBe(200);
  });
});

describe("policies", () => {
  it("score policy: version 0 until changed; a stale If-Match is 409 CONFLICT in Surface B's shape", async () => {
    const path = "/api/v1/policies";
    const first = await send(path, "GET", admin);
    expect(first.headers.get("etag")).toBe('"0"');
    const changed = await send(path, "PATCH", admin, { score_bands: { block: 80, challenge: 45 } }, '"0"');
    expect(changed.body.version).toBe(1);
    expect(changed.headers.get("etag")).toBe('"1"');
    const stale = await send(path, "PATCH", admin, { score_bands: { block: 70, challenge: 30 } }, '"0"');
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "CONFLICT" });
    expect(stale.body.error.docs_url).toBeDefined();
    expect((await send(path, "GET", admin)).body).toMatchObject({ version: 1, score_bands: { block: 80, challenge: 45 } });
  });

  it("detection policy: the same, one writer of a version wins", async () => {
    const path = "/api/v1/policies/detection";
    expect((await send(path, "GET", admin)).body.version).toBe(0);
    const writes = await Promise.all([12, 14, 16].map((n) => send(path, "PUT", admin, { card_testing: { distinct_cards: n } }, '"0"')));
    expect(writes.filter((w) => w.status === 200)).toHaveLength(1);
    expect(writes.filter((w) => w.status === 409 && w.body.error.code === "CONFLICT")).toHaveLength(2);
    expect((await send(path, "GET", admin)).body.version).toBe(1);
  });
});
