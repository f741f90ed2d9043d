import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, startTestApi, type TestApi } from "../../test/harness";
import { rows } from "../../db/client";
import { createRng, type Rng } from "../../cli/demo-stream/rng";
import { card, identityBody, passport, person, publicIp, type Person } from "../../cli/demo-stream/people";
import { openSession, scoreBody } from "../../cli/demo-stream/ordinary";
import { alertRows, harness, settle, type Harness } from "../../test/detection-support";

// Each detector fires on its pattern, through the real HTTP API, and stays silent one step short
// of its threshold ("≥ N counts the event being evaluated").

let api: TestApi;
let rng: Rng;
let n = 0;
beforeAll(async () => {
  api = await startTestApi({ env: { ARGUS_KYC_ASYNC_DELAY_MS: "600000" } });
  rng = createRng(7);
});
afterAll(() => api?.close());

const fresh = async () => harness(api, `detect-${++n}`);
const shopper = (tag: string): Person => ({ ...person(rng, `${tag}_${rng.digits(6)}`), currency: "USD" });

async function typesOf(h: Harness) {
  await settle(api, h.scope);
  return (await alertRows(api, h.scope)).map((a) => `${a.alertType} ${a.key}`);
}

describe("card_testing", () => {
  it("fires on 10 distinct cards from one IP within 10 minutes, keyed by the IP, mostly small", async () => {
    const h = await fresh();
    const ip = publicIp(rng);
    const p = shopper("ct");
    for (let i = 0; i < 9; i++) await h.client.post("/v1/transactions/score", scoreBody(p, 300 + i, card(rng), { ip }));
    expect(await typesOf(h)).toEqual([]);
    const last = await h.client.post("/v1/transactions/score", scoreBody(p, 450, card(rng), { ip }));
    expect(await typesOf(h)).toEqual([`card_testing ip:${ip}`]);
    const [alert] = await alertRows(api, h.scope);
    expect(alert).toMatchObject({ status: "open", affectedTransactions: 10, affectedUsers: 1 });
    expect(alert!.summary).toMatch(/^10 distinct cards from IP .* within 10 minutes; 10 of 10 attempts .*mostly small/);
    expect(alert!.evidence).toMatchObject({ ip, distinct_cards: 10, small_share: 1, mostly_small: true });
    expect(alert!.confidence).toBe(0.75);
    // The request that completed the pattern is the log event's transaction.
    const events = await rows<{ transaction_id: string; event_type: string }>(
      api.deps.database.db,
      sql`select transaction_id, event_type from events where account_id = ${h.scope.accountId} and event_type = 'alert.triggered'`,
    );
    expect(events).toEqual([{ transaction_id: last.body.transaction_id, event_type: "alert.triggered" }]);
  });

  it("fires per device too, and the same card repeated does not count twice", async () => {
    const h = await fresh();
    const p = shopper("ctd");
    const session = await openSession(h.client, p, "checkout");
    const repeated = card(rng);
    for (let i = 0; i < 5; i++)
      await h.client.post("/v1/transactions/score", scoreBody(p, 5000, repeated, { sessionId: session, ip: publicIp(rng) }));
    for (let i = 0; i < 8; i++)
      await h.client.post("/v1/transactions/score", scoreBody(p, 5000, card(rng), { sessionId: session, ip: publicIp(rng) }));
    expect(await typesOf(h)).toEqual([]);
    await h.client.post("/v1/transactions/score", scoreBody(p, 5000, card(rng), { sessionId: session, ip: publicIp(rng) }));
    expect(await typesOf(h)).toEqual([expect.stringMatching(/^card_testing device:dev_[0-9a-f]{32}$/)]);
    const [alert] = await alertRows(api, h.scope);
    // Large amounts: the pattern still holds (the rule counts cards), with less confidence.
    expect(alert!.evidence).toMatchObject({ distinct_cards: 10, attempts: 14, mostly_small: false });
    expect(alert!.confidence).toBe(0.45);
  });

  it("ignores private and loopback addresses (the merchant's own servers, not clients)", async () => {
    const h = await fresh();
    const p = shopper("ctp");
    for (let i = 0; i < 12; i++)
      await h.client.post("/v1/transactions/score", scoreBody(p, 300, card(rng), { ip: i % 2 ? "10.0.0.8" : "127.0.0.1" }));
    expect(await typesOf(h)).toEqual([]);
  });
});

describe("velocity_spike", () => {
  it("fires on 20 live scores for one user within 5 minutes (not 19), keyed by the user", async () => {
    const h = await fresh();
    const p = shopper("vu");
    for (let i = 0; i < 19; i++)
      await h.client.post("/v1/transactions/score", scoreBody(p, 2000, card(rng), { ip: publicIp(rng), wallet: true }));
    expect(await typesOf(h)).toEqual([]);
    await h.client.post("/v1/transactions/score", scoreBody(p, 2000, card(rng), { ip: publicIp(rng), wallet: true }));
    expect(await typesOf(h)).toEqual([`velocity_spike user:${p.userId}`]);
    const [alert] = await alertRows(api, h.scope);
    expect(alert).toMatchObject({ affectedTransactions: 20, affectedUsers: 1, confidence: 0.55 });
  });

  it("fires on 20 live scores for one card across users, keyed by the card", async () => {
    const h = await fresh();
    const c = card(rng);
    for (let i = 0; i < 20; i++) await h.client.post("/v1/transactions/score", scoreBody(shopper("vc"), 1500, c, { ip: publicIp(rng) }));
    expect(await typesOf(h)).toEqual([`velocity_spike card:${c.card_bin}:${c.last_four}`]);
    const [alert] = await alertRows(api, h.scope);
    expect(alert).toMatchObject({ affectedTransactions: 20, affectedUsers: 20 });
    expect(alert!.summary).toBe(`20 scores for card ${c.card_bin}••${c.last_four} within 5 minutes`);
  });
});

describe("new_device_cluster", () => {
  it("fires on 5 distinct users on one new device within 60 minutes (not 4)", async () => {
    const h = await fresh();
    const shared = { device: `shared-${rng.digits(10)}`, ip: publicIp(rng) };
    const users = Array.from({ length: 5 }, () => shopper("nd"));
    for (const u of users.slice(0, 4)) await openSession(h.client, u, "login", shared);
    expect(await typesOf(h)).toEqual([]);
    await openSession(h.client, users[4]!, "login", shared);
    const found = await typesOf(h);
    // The device, and the IP it came from: both are new and both carry five users.
    expect(found).toHaveLength(2);
    expect(found).toContain(`new_device_cluster ip:${shared.ip}`);
    expect(found.find((f) => f.startsWith("new_device_cluster device:dev_"))).toBeTruthy();
    const device = (await alertRows(api, h.scope)).find((a) => a.key.startsWith("device:"))!;
    expect(device).toMatchObject({ affectedUsers: 5, affectedTransactions: 0, confidence: 0.6 });
    // Timestamps to the second, as everywhere on the wire.
    expect((device.evidence as { first_seen: string }).first_seen).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it("counts the address a session came from only when the request speaks for the device itself", async () => {
    const h = await fresh();
    const open = (ip: string, userId: string, headers: Record<string, string>, body: Record<string, unknown> = {}) =>
      call(`${h.url}/v1/device/session`, {
        headers: { ...h.headers, "x-forwarded-for": ip, ...headers },
        body: { page_url: "https://shop.example.com/login", user_id: userId, action: "login", ...body },
      });
    // A merchant's server opening sessions for its customers from its own (public) address: without
    // their headers, or forwarding their User-Agent but not their IP. Its address is not theirs.
    const server = publicIp(rng);
    for (let i = 0; i < 6; i++)
      expect((await open(server, shopper("srv").userId, { "user-agent": "python-requests/2.31.0" })).status).toBe(201);
    for (let i = 0; i < 6; i++) {
      const ua = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/12${i}.0 Safari/537.36`;
      expect((await open(server, shopper("fwd").userId, { "user-agent": "node" }, { user_agent: ua })).status).toBe(201);
    }
    expect(await typesOf(h)).toEqual([]);
    // Browsers opening their sessions themselves: five users from one new address.
    const shared = publicIp(rng);
    for (let i = 0; i < 5; i++) {
      const ua = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/12${i}.0 Safari/537.36`;
      expect((await open(shared, shopper("web").userId, { "user-agent": ua })).status).toBe(201);
    }
    expect(await typesOf(h)).toEqual([`new_device_cluster ip:${shared}`]);
  });

  it("stays silent for a device the account has known for more than a day", async () => {
    const h = await fresh();
    const shared = { device: `old-${rng.digits(10)}`, ip: publicIp(rng) };
    await openSession(h.client, shopper("old"), "login", shared);
    // Age the device's first sighting (the API stamps "now"; history is what we cannot wait for).
    await api.deps.database.db.execute(
      sql`update device_sessions set created_at = now() - interval '3 days' where account_id = ${h.scope.accountId}`,
    );
    await settle(api, h.scope);
    for (let i = 0; i < 6; i++) await openSession(h.client, shopper("old"), "login", shared);
    expect(await typesOf(h)).toEqual([]);
  });
});

describe("ato_pattern", () => {
  // A customer with history on their own device; then account settings from `attacker`, then a
  // purchase of `factor` × their average.
  async function takeover(h: Harness, attacker: { device: string; ip: string }, factor: number, own = false) {
    const p = shopper("ato");
    attacker = { ...attacker, ip: publicIp(rng) }; // a residential proxy: a new IP each time
    const mine = await openSession(h.client, p, "login");
    for (const amount of [3000, 4000, 5000])
      await h.client.post("/v1/transactions/score", scoreBody(p, amount, p.card, { sessionId: mine }));
    const changed = await openSession(h.client, p, "account_change", own ? {} : attacker);
    return h.client.post("/v1/transactions/score", scoreBody(p, 4000 * factor, card(rng), { sessionId: changed, ip: attacker.ip }));
  }

  it("fires when 3 users change account details from a new device and then spend ≥ 3× their average", async () => {
    const h = await fresh();
    const attacker = { device: `atk-${rng.digits(10)}`, ip: publicIp(rng) };
    await takeover(h, attacker, 5);
    await takeover(h, attacker, 2.5); // below 3×: not a takeover sequence
    await takeover(h, attacker, 6, true); // from the customer's own device: not one either
    expect(await typesOf(h)).toEqual([]);
    await takeover(h, attacker, 3);
    expect(await typesOf(h)).toEqual([]);
    const last = await takeover(h, attacker, 8);
    expect(await typesOf(h)).toEqual(["ato_pattern account"]);
    const [alert] = await alertRows(api, h.scope);
    expect(alert).toMatchObject({ affectedUsers: 3, affectedTransactions: 3, confidence: 0.75 });
    expect(alert!.evidence).toMatchObject({ users: 3, devices: 1 });
    const events = await rows<{ transaction_id: string }>(
      api.deps.database.db,
      sql`select transaction_id from events where account_id = ${h.scope.accountId} and event_type = 'alert.triggered'`,
    );
    expect(events.map((e) => e.transaction_id)).toEqual([last.body.transaction_id]);
  });

  it("does not count account changes from sessions that identify no device (a server calling without the customer's headers)", async () => {
    const h = await fresh();
    for (let i = 0; i < 3; i++) {
      const p = shopper("ato_srv");
      const mine = await openSession(h.client, p, "login");
      for (const amount of [3000, 4000, 5000])
        await h.client.post("/v1/transactions/score", scoreBody(p, amount, p.card, { sessionId: mine }));
      const changed = await h.client.post("/v1/device/session", {
        page_url: "https://shop.example.com/account/settings",
        user_id: p.userId,
        action: "account_change",
        user_agent: "python-requests/2.31.0",
      });
      expect(changed.body.device_identified).toBe(false);
      await h.client.post("/v1/transactions/score", scoreBody(p, 40_000, card(rng), { sessionId: changed.body.session_id as string }));
    }
    expect(await typesOf(h)).toEqual([]);
  });
});

describe("identity_abuse", () => {
  it("fires when one phone, address or document is used by 3 user ids (not 2)", async () => {
    const h = await fresh();
    const base = person(rng, "ring_base");
    const doc = passport(rng);
    const member = (k: number, over: Partial<Person> = {}) => ({ ...person(rng, `ring_${n}_${k}`), ...over });
    await h.client.post("/v1/identity/verify", identityBody(member(0, { phone: base.phone })));
    await h.client.post("/v1/identity/verify", identityBody(member(1, { phone: base.phone, address: base.address })));
    await h.client.post("/v1/identity/verify", identityBody(member(2, { address: base.address }), { document: doc }));
    await h.client.post("/v1/identity/verify", identityBody(member(3), { document: doc }));
    expect(await typesOf(h)).toEqual([]);
    // The same user verifying again is still two user ids.
    const again = member(3);
    await h.client.post("/v1/identity/verify", identityBody({ ...again, userId: `ring_${n}_3` }, { document: doc }));
    expect(await typesOf(h)).toEqual([]);
    await h.client.post("/v1/identity/verify", identityBody(member(4, { phone: base.phone, address: base.address }), { document: doc }));
    const found = (await typesOf(h)).map((t) => t.split(":")[0]);
    expect(found.sort()).toEqual(["identity_abuse address", "identity_abuse document", "identity_abuse phone"]);
    const alerts = await alertRows(api, h.scope);
    expect(alerts.every((a) => a.affectedUsers === 3 && a.affectedTransactions === 0)).toBe(true);
    expect(alerts.map((a) => a.summary).sort()).toEqual([
      "One address used by 3 user ids in identity verifications",
      "One document number used by 3 user ids in identity verifications",
      "One phone number used by 3 user ids in identity verifications",
    ]);
    // The raw value is nowhere in the alert: the key is the identity area's HMAC.
    expect(JSON.stringify(alerts)).not.toContain(base.phone);
  });
});

describe("labelled mode", () => {
  it("never counts: card testing through analyze/sandbox raises nothing, the same through analyze does", async () => {
    const h = await fresh();
    const ip = publicIp(rng);
    const p = shopper("lab");
    const analyze = (path: string, i: number) =>
      call(`${h.url}${path}`, {
        headers: { "x-api-key": h.key, "x-idempotency-key": `idem-${n}-${path.length}-${i}-${rng.digits(8)}` },
        body: scoreBody(p, 300, card(rng), { ip }),
      });
    for (let i = 0; i < 15; i++) expect((await analyze("/api/v1/transactions/analyze/sandbox", i)).status).toBe(200);
    expect(await typesOf(h)).toEqual([]);
    for (let i = 0; i < 10; i++) {
      const r = await analyze("/api/v1/transactions/analyze", i);
      expect(r.status).toBe(200);
    }
    expect(await typesOf(h)).toEqual([`card_testing ip:${ip}`]);
  });
});
