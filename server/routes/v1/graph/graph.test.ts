import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { blocklistEntries, screenings, transactions, type Decision } from "../../../db/schema";
import { scopeValues, type Scope } from "../../../db/scope";
import { newId } from "../../../core/ids";
import { raiseAlert } from "../../../domain/alerts/raise";
import { person } from "../../../test/identity-fixtures";

// GET /v1/graph and GET /v1/users/{user_id} (server/domain/graph/README.md) on one small network:
//   ada ─ device dev_shared ─ bob            (two hops through one device)
//   ada ─ card 411111:1111 ─ cyd (fraud)     (a card by BIN and last four)
//   ada ─ passport ─ dee (watchlist)         (one document in two identity records)
//   eve: alone. In the other environment, xan used dev_shared too.

let api: TestApi;
let key: string;
let scope: Scope;
const document = { type: "passport", number: "C01X00T47", issuing_country: "DE", expiry_date: "2031-01-01" };
let caseId: string;
let alertId: string;

const url = (path: string) => `${api.url.live}${path}`;
const get = (path: string, k = key) => call(url(path), { headers: bearer(k) });
const minute = (m: number) => new Date(Date.parse("2026-04-01T09:00:00Z") + m * 60_000);

async function txn(
  s: Scope,
  t: {
    userId: string;
    m: number;
    device?: string;
    card?: [string, string];
    ip?: string;
    email?: string;
    decision?: Decision;
    label?: "fraud";
  },
) {
  await api.deps.database.db.insert(transactions).values({
    id: newId("txn"),
    ...scopeValues(s),
    userId: t.userId,
    amount: 1500,
    currency: "USD",
    paymentMethodType: "card",
    cardBin: t.card?.[0] ?? null,
    cardLastFour: t.card?.[1] ?? null,
    cardKey: t.card ? `${t.card[0]}:${t.card[1]}` : null,
    deviceId: t.device ?? null,
    ipAddress: t.ip ?? null,
    email: t.email ?? null,
    riskScore: t.decision === "block" ? 90 : 10,
    decision: t.decision ?? "allow",
    label: t.label ?? null,
    signals: [],
    modelVersion: "test",
    latencyMs: 1,
    createdAt: minute(t.m),
  });
}

beforeAll(async () => {
  api = await startTestApi();
  const k = await api.key({ account: "graph-co" });
  key = k.key;
  scope = { accountId: k.accountId, environment: "live" };
  const other = { ...scope, environment: "test" as const };
  await txn(scope, { userId: "ada", m: 0, device: "dev_shared", card: ["411111", "1111"], ip: "198.51.100.7", email: "ada@example.com" });
  await txn(scope, { userId: "ada", m: 1, device: "dev_shared", ip: "10.0.0.8" });
  await txn(scope, { userId: "bob", m: 2, device: "dev_shared", card: ["555555", "4444"], decision: "block" });
  await txn(scope, { userId: "cyd", m: 3, card: ["411111", "1111"], label: "fraud" });
  await txn(scope, { userId: "eve", m: 4, device: "dev_alone", card: ["222222", "2222"] });
  await txn(other, { userId: "xan", m: 5, device: "dev_shared" });
  for (const userId of ["ada", "dee"]) {
    const r = await call(url("/v1/identity/verify"), { headers: bearer(key), body: person({ user_id: userId, document }) });
    expect(r.status).toBe(202);
  }
  await api.deps.database.db.insert(screenings).values({
    id: newId("scr"),
    ...scopeValues(scope),
    userId: "dee",
    name: "Dee Listed",
    lists: ["ofac_sdn"],
    status: "possible_match",
    matches: [],
    suppressedMatches: [],
    reviewState: "pending_review",
    source: "api",
  });
  await api.deps.database.db
    .insert(blocklistEntries)
    .values({ id: newId("blk"), ...scopeValues(scope), kind: "card", value: "411111:1111", source: "manual" });
  alertId = (
    await raiseAlert(api.deps.database.db, api.deps.jobs, scope, {
      type: "new_device_cluster",
      key: "device:dev_shared",
      confidence: 0.9,
      userIds: ["ada", "bob"],
      transactionIds: [],
      summary: "two users on one new device",
    })
  ).alert.id;
  caseId = (
    await call(url("/v1/cases"), { headers: bearer(key), body: { title: "Card ring", case_type: "payment_fraud", user_id: "cyd" } })
  ).body.case_id;
});
afterAll(() => api?.close());

type Node = { id: string; type: string; label: string; user_id?: string; flags: string[] };
type Edge = { source: string; target: string; type: string; count: number; first_seen_at: string; last_seen_at: string };
type Graph = { object: string; root: string; nodes: Node[]; edges: Edge[]; truncated: boolean };
const node = (g: Graph, id: string) => g.nodes.find((n) => n.id === id);

describe("GET /v1/graph", () => {
  it("joins two users of one device two hops apart, and users of one card by BIN and last four", async () => {
    const r = await get("/v1/graph?user_id=ada");
    expect(r.status).toBe(200);
    const g = r.body as Graph;
    expect(g).toMatchObject({ object: "entity_graph", root: "user:ada", truncated: false });
    const users = g.nodes
      .filter((n) => n.type === "user")
      .map((n) => n.user_id)
      .sort();
    expect(users).toEqual(["ada", "bob", "cyd", "dee"]);
    expect(node(g, "device:dev_shared")).toMatchObject({ type: "device", label: "dev_shared" });
    expect(node(g, "card:411111:1111")).toMatchObject({ type: "card", label: "411111 •••• 1111" });
    expect(node(g, "ip:198.51.100.7")).toMatchObject({ type: "ip" });
    expect(node(g, "email:ada@example.com")).toMatchObject({ type: "email" });
    // A private address is not a client's: no node, no link through it.
    expect(g.nodes.some((n) => n.id === "ip:10.0.0.8")).toBe(false);
    // bob is two hops from ada: ada → device ← bob, and nothing else joins them.
    expect(g.edges.filter((e) => e.source === "user:bob")).toEqual([
      {
        source: "user:bob",
        target: "device:dev_shared",
        type: "device",
        count: 1,
        first_seen_at: "2026-04-01T09:02:00Z",
        last_seen_at: "2026-04-01T09:02:00Z",
      },
    ]);
    expect(g.edges.find((e) => e.source === "user:ada" && e.target === "device:dev_shared")).toMatchObject({
      count: 2,
      first_seen_at: "2026-04-01T09:00:00Z",
      last_seen_at: "2026-04-01T09:01:00Z",
    });
    expect(g.edges.filter((e) => e.source === "user:cyd").map((e) => e.target)).toEqual(["card:411111:1111"]);
    // Every edge joins a user to an entity, both among the nodes.
    const ids = new Set(g.nodes.map((n) => n.id));
    for (const e of g.edges) expect(ids.has(e.source) && ids.has(e.target) && e.source.startsWith("user:")).toBe(true);
    // bob's other card is three hops from ada: not drawn at depth 2.
    expect(g.nodes.some((n) => n.id === "card:555555:4444")).toBe(false);
  });

  it("links two identity records of one document, masked, and their phones and addresses", async () => {
    const g = (await get("/v1/graph?user_id=dee")).body as Graph;
    const doc = g.nodes.find((n) => n.type === "document")!;
    expect(doc.label).toMatch(/^passport \S*•|^passport [*x•]/);
    expect(JSON.stringify(g)).not.toContain("C01X00T47");
    expect(
      g.edges
        .filter((e) => e.target === doc.id)
        .map((e) => e.source)
        .sort(),
    ).toEqual(["user:ada", "user:dee"]);
    expect(g.nodes.filter((n) => n.type === "phone").every((n) => /^•••• \d{4}$/.test(n.label))).toBe(true);
    expect(g.nodes.some((n) => n.type === "address")).toBe(true);
  });

  it("flags blocked, confirmed fraud, open alerts, open cases and watchlist matches", async () => {
    const g = (await get("/v1/graph?user_id=ada")).body as Graph;
    expect(node(g, "user:bob")!.flags).toEqual(["blocked", "open_alert"]);
    expect(node(g, "user:cyd")!.flags).toEqual(["confirmed_fraud", "open_case"]);
    expect(node(g, "user:dee")!.flags).toEqual(["watchlist"]);
    expect(node(g, "user:ada")!.flags).toEqual(["open_alert"]);
    expect(node(g, "device:dev_shared")!.flags).toEqual(["open_alert"]);
    expect(node(g, "card:411111:1111")!.flags).toEqual(["blocked", "confirmed_fraud"]);
    // Resolved and closed, they are no longer open.
    expect((await call(url(`/v1/alerts/${alertId}`), { method: "PATCH", headers: bearer(key), body: { status: "resolved" } })).status).toBe(
      200,
    );
    for (const status of ["resolved", "closed"])
      await call(url(`/v1/cases/${caseId}`), { method: "PATCH", headers: bearer(key), body: { status } });
    const after = (await get("/v1/graph?user_id=ada")).body as Graph;
    expect(node(after, "user:bob")!.flags).toEqual(["blocked"]);
    expect(node(after, "user:cyd")!.flags).toEqual(["confirmed_fraud"]);
    expect(node(after, "device:dev_shared")!.flags).toEqual([]);
  });

  it("stops at depth 1 with what the user used", async () => {
    const g = (await get("/v1/graph?user_id=ada&depth=1")).body as Graph;
    expect(g.nodes.filter((n) => n.type === "user").map((n) => n.id)).toEqual(["user:ada"]);
    expect(g.edges.every((e) => e.source === "user:ada")).toBe(true);
    expect(g.nodes.map((n) => n.type).sort()).toEqual(["address", "card", "device", "document", "email", "ip", "phone", "user"]);
  });

  it("keeps within limit and says it truncated", async () => {
    const g = (await get("/v1/graph?user_id=ada&limit=3")).body as Graph;
    expect(g.nodes).toHaveLength(3);
    expect(g.truncated).toBe(true);
    const ids = new Set(g.nodes.map((n) => n.id));
    expect(g.edges.every((e) => ids.has(e.source) && ids.has(e.target))).toBe(true);
    expect(g.nodes[0]!.id).toBe("user:ada");
  });

  it("stays within the account and environment", async () => {
    const g = (await get("/v1/graph?user_id=ada")).body as Graph;
    expect(g.nodes.some((n) => n.id === "user:xan")).toBe(false);
    expect((await get("/v1/graph?user_id=xan")).status).toBe(404);
    const stranger = await api.key({ account: "graph-other" });
    const r = await get("/v1/graph?user_id=ada", stranger.key);
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: "resource_not_found", param: "user_id" });
  });

  it("needs events:read and answers bad parameters with a 400 naming them", async () => {
    expect((await get("/v1/graph?user_id=ada", (await api.key({ account: "graph-co", scopes: ["alerts:read"] })).key)).status).toBe(403);
    expect((await get("/v1/graph?user_id=ada", (await api.key({ account: "graph-co", scopes: ["events:read"] })).key)).status).toBe(200);
    const bad: [string, string, string][] = [
      ["", "missing_required_field", "user_id"],
      ["user_id=", "invalid_field_value", "user_id"],
      ["user_id=ada&depth=3", "invalid_field_value", "depth"],
      ["user_id=ada&depth=two", "invalid_field_value", "depth"],
      ["user_id=ada&limit=0", "invalid_field_value", "limit"],
      ["user_id=ada&limit=1001", "invalid_field_value", "limit"],
      ["user_id=ada&limit=5.5", "invalid_field_value", "limit"],
    ];
    for (const [query, code, param] of bad) {
      const r = await get(`/v1/graph?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error, query).toMatchObject({ code, param });
    }
  });
});

describe("GET /v1/users/{user_id}", () => {
  it("gathers what the account's records say about a user", async () => {
    const r = await get("/v1/users/ada");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: "user_profile",
      user_id: "ada",
      first_seen_at: "2026-04-01T09:00:00Z",
      transaction_count: 2,
      decisions: {
        engine: { allow: 2, challenge: 0, block: 0 },
        analyst: { allow: 0, challenge: 0, block: 0 },
        pending_review: 0,
        latest: [],
      },
      labels: { fraud: 0, legit: 0 },
      devices: [{ device_id: "dev_shared", count: 2, first_seen_at: "2026-04-01T09:00:00Z", last_seen_at: "2026-04-01T09:01:00Z" }],
      ip_addresses: [{ ip_address: "198.51.100.7", count: 1 }],
      cards: [{ card_bin: "411111", last_four: "1111", label: "411111 •••• 1111", count: 1 }],
      emails: [{ email: "ada@example.com", count: 1 }],
      latest_verification: { object: "identity_verification", user_id: "ada", status: "pending" },
      // The verification screened the name.
      screenings: [{ object: "watchlist_screening", user_id: "ada", status: "clear" }],
      case_ids: [],
    });
    // The verification is newer than the transactions: it is the last sighting.
    expect(r.body.last_seen_at > "2026-04-01T09:01:00Z").toBe(true);
  });

  it("counts decisions and labels, and lists screenings, alerts and cases", async () => {
    const bob = (await get("/v1/users/bob")).body;
    expect(bob.decisions).toMatchObject({ engine: { block: 1 }, pending_review: 1 });
    const txnId = (await get("/v1/transactions?user_id=bob")).body.data[0].transaction_id;
    expect(
      (
        await call(url("/v1/decisions"), {
          headers: bearer(key),
          body: { transaction_id: txnId, decision: "block", reason: "confirmed_fraud" },
        })
      ).status,
    ).toBe(201);
    const after = (await get("/v1/users/bob")).body;
    expect(after.decisions).toMatchObject({
      analyst: { block: 1 },
      pending_review: 0,
      latest: [{ transaction_id: txnId, reason: "confirmed_fraud" }],
    });
    expect(after.labels).toEqual({ fraud: 1, legit: 0 });
    const dee = (await get("/v1/users/dee")).body;
    expect(dee.screenings.map((x: { status: string; review_state: string }) => `${x.status}/${x.review_state}`).sort()).toEqual([
      "clear/not_required",
      "possible_match/pending_review",
    ]);
    expect(dee.transaction_count).toBe(0);
    const cyd = (await get("/v1/users/cyd")).body;
    expect(cyd.case_ids).toEqual([caseId]);
    const alerted = await raiseAlert(api.deps.database.db, api.deps.jobs, scope, {
      type: "velocity_spike",
      key: "user:cyd",
      confidence: 0.5,
      userIds: ["cyd"],
      transactionIds: [],
      summary: "burst",
    });
    expect((await get("/v1/users/cyd")).body.open_alert_ids).toEqual([alerted.alert.id]);
  });

  it("404s a user never seen in this environment, and needs events:read", async () => {
    for (const id of ["nobody", "xan"]) {
      const r = await get(`/v1/users/${id}`);
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ code: "resource_not_found" });
    }
    expect((await get("/v1/users/ada", (await api.key({ account: "graph-co", scopes: ["cases:read"] })).key)).status).toBe(403);
  });
});
