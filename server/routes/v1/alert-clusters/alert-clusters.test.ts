import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import type { Scope } from "../../../db/scope";
import { insertTransaction } from "../../../test/alert-fixtures";
import { raiseAlert } from "../../../domain/alerts/raise";

// GET /v1/alert-clusters (server/domain/alerts/README.md, "Clusters") on alerts whose members share:
//   A (ann, card 411111:1111) ─ card ─ B (ben, card 411111:1111, IP 198.51.100.9) ─ IP ─ C (key ip:198.51.100.9)
//   D (dan, alone), E (eli, card 411111:1111) resolved, F (fay, IP 10.0.0.5, a private address) and G (gus, 10.0.0.5)
//   H (ann again) in the test environment.

let api: TestApi;
let key: string;
let scope: Scope;
const ids: Record<string, string> = {};

const url = (path: string) => `${api.url.live}${path}`;
const get = (path: string) => call(url(path), { headers: bearer(key) });

const txn = (s: Scope, userId: string, t: { card?: string; ip?: string; device?: string }) =>
  insertTransaction(api.deps.database.db, s, { userId, ...t });

async function alert(s: Scope, name: string, k: string, userIds: string[], transactionIds: string[]) {
  const raised = await raiseAlert(api.deps.database.db, api.deps.jobs, s, {
    type: "velocity_spike",
    key: k,
    confidence: name === "B" ? 0.95 : 0.5,
    userIds,
    transactionIds,
    summary: `alert ${name}`,
  });
  ids[name] = raised.alert.id;
}

beforeAll(async () => {
  api = await startTestApi();
  const k = await api.key({ account: "cluster-co" });
  key = k.key;
  scope = { accountId: k.accountId, environment: "live" };
  await alert(scope, "A", "user:ann", ["ann"], [await txn(scope, "ann", { card: "411111:1111" })]);
  await alert(scope, "B", "user:ben", ["ben"], [await txn(scope, "ben", { card: "411111:1111", ip: "198.51.100.9" })]);
  await alert(scope, "C", "ip:198.51.100.9", [], []);
  await alert(scope, "D", "user:dan", ["dan"], [await txn(scope, "dan", { card: "222222:2222", device: "dev_dan" })]);
  await alert(scope, "E", "user:eli", ["eli"], [await txn(scope, "eli", { card: "411111:1111" })]);
  await alert(scope, "F", "user:fay", ["fay"], [await txn(scope, "fay", { ip: "10.0.0.5" })]);
  await alert(scope, "G", "user:gus", ["gus"], [await txn(scope, "gus", { ip: "10.0.0.5" })]);
  const other = { ...scope, environment: "test" as const };
  await alert(other, "H", "user:ann", ["ann"], [await txn(other, "ann", { card: "411111:1111" })]);
  const resolved = await call(url(`/v1/alerts/${ids.E}`), { method: "PATCH", headers: bearer(key), body: { status: "resolved" } });
  expect(resolved.status).toBe(200);
});

afterAll(() => api?.close());

describe("GET /v1/alert-clusters", () => {
  it("joins alerts through a shared card and a shared client IP, one cluster, most severe first", async () => {
    const r = await get("/v1/alert-clusters");
    expect(r.status).toBe(200);
    expect(r.body.object).toBe("list");
    expect(r.body.data).toHaveLength(1);
    const [c] = r.body.data;
    expect(c.object).toBe("alert_cluster");
    expect(c.size).toBe(3);
    expect(new Set(c.alert_ids)).toEqual(new Set([ids.A, ids.B, ids.C]));
    expect(c.alerts.map((a: { alert_id: string }) => a.alert_id)).toEqual(c.alert_ids);
    expect(c.alert_ids[0]).toBe(ids.B); // the most severe
    expect(c.severity).toBe(c.alerts[0].severity);
    expect(c.cluster_id).toBe([ids.A, ids.B, ids.C].sort()[0]);
    expect(c.shared).toEqual([
      { id: "card:411111:1111", type: "card", label: "411111 •••• 1111", alert_ids: expect.arrayContaining([ids.A, ids.B]) },
      { id: "ip:198.51.100.9", type: "ip", label: "198.51.100.9", alert_ids: expect.arrayContaining([ids.B, ids.C]) },
    ]);
    expect(r.body.truncated).toBe(false);
  });

  it("keeps an unrelated alert apart, excludes resolved alerts, and ignores private addresses and other environments", async () => {
    const all = (await get("/v1/alert-clusters")).body.data.flatMap((c: { alert_ids: string[] }) => c.alert_ids);
    for (const name of ["D", "E", "F", "G", "H"]) expect(all).not.toContain(ids[name]);
  });

  it("narrows to the cluster of one alert, and to nothing for an alert in none", async () => {
    const r = await get(`/v1/alert-clusters?alert_id=${ids.C}`);
    expect(r.body.data.map((c: { cluster_id: string }) => c.cluster_id)).toHaveLength(1);
    expect((await get(`/v1/alert-clusters?alert_id=${ids.D}`)).body.data).toEqual([]);
  });

  it("drops an alert once a case holds it, and refuses a bad limit", async () => {
    const kase = await call(url("/v1/cases"), {
      headers: bearer(key),
      body: { title: "ann and ben", case_type: "payment_fraud", alert_ids: [ids.C] },
    });
    expect(kase.status).toBe(201);
    const [c] = (await get("/v1/alert-clusters")).body.data;
    expect(new Set(c.alert_ids)).toEqual(new Set([ids.A, ids.B]));
    const bad = await get("/v1/alert-clusters?limit=0");
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("limit");
  });
});

// The per-alert read cap and what joins nothing, in an account of their own:
//   P (1,001 users cap_0000…cap_1000: over CLUSTER_MEMBERS_PER_ALERT) ─ user cap_0000 ─ Q
//   R (cap_1000, P's 1,001st user by id: not read), S (a member transaction of the test environment,
//   card 555555:5555) and T (a live one with that card), U and V (keys on the private 10.1.1.1).
describe("GET /v1/alert-clusters, the cap and the edges", () => {
  let capKey: string;
  const at: Record<string, string> = {};

  beforeAll(async () => {
    const k = await api.key({ account: "cluster-cap-co" });
    capKey = k.key;
    const s: Scope = { accountId: k.accountId, environment: "live" };
    const raise = async (name: string, input: { type?: "card_testing"; key: string; userIds?: string[]; transactionIds?: string[] }) => {
      const raised = await raiseAlert(api.deps.database.db, api.deps.jobs, s, {
        type: input.type ?? "velocity_spike",
        key: input.key,
        confidence: 0.5,
        userIds: input.userIds ?? [],
        transactionIds: input.transactionIds ?? [],
        summary: `alert ${name}`,
      });
      at[name] = raised.alert.id;
    };
    const many = Array.from({ length: 1_001 }, (_, i) => `cap_${String(i).padStart(4, "0")}`);
    await raise("P", { key: "document:p", userIds: many });
    await raise("Q", { key: "document:q", userIds: ["cap_0000"] });
    await raise("R", { key: "document:r", userIds: ["cap_1000"] });
    const testEnv = { ...s, environment: "test" as const };
    await raise("S", { key: "document:s", transactionIds: [await txn(testEnv, "sam", { card: "555555:5555" })] });
    await raise("T", { key: "document:t", transactionIds: [await txn(s, "tom", { card: "555555:5555" })] });
    await raise("U", { key: "ip:10.1.1.1" });
    await raise("V", { key: "ip:10.1.1.1", type: "card_testing" });
  });

  it("reads the first 1,000 users by id of an alert that has more, and says the cluster is truncated", async () => {
    const r = await call(url("/v1/alert-clusters"), { headers: bearer(capKey) });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    const [c] = r.body.data;
    expect(new Set(c.alert_ids)).toEqual(new Set([at.P, at.Q]));
    expect(c.shared).toEqual([{ id: "user:cap_0000", type: "user", label: "cap_0000", alert_ids: expect.arrayContaining([at.P, at.Q]) }]);
    expect(c.truncated).toBe(true);
    expect(r.body.truncated).toBe(true);
    // R shares only the 1,001st user; S's card is in another environment; U and V share a private address.
  });
});
