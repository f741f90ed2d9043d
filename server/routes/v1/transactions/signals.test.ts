import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { decide, score, scoreBody, setPolicy, signalNames, uniq, uniqCard, uniqIp } from "../../../test/score-helpers";
import { person } from "../../../test/identity-fixtures";

// Every signal of the catalogue (server/domain/scoring/README.md) except the device ones (see
// ../device/device.test.ts): what triggers it, and the nearest request that does not.

let api: TestApi;
let h: Record<string, string>;
const ACCOUNT = "signals-co";
beforeAll(async () => {
  api = await startTestApi();
  h = bearer((await api.key({ account: ACCOUNT })).key);
});
afterAll(() => api?.close());

/** Moves the user's transactions `hours` into the past (history the engine reads by time). */
const ageUser = (userId: string, hours: number) =>
  api.deps.database.db.execute(
    sql`update transactions set created_at = created_at - make_interval(hours => ${hours}) where user_id = ${userId}`,
  );

const names = async (over: Record<string, unknown>) => {
  const r = await score(api, h, scoreBody(over));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return signalNames(r.body);
};

describe("velocity", () => {
  it("velocity_high: the 10th live score of a user within 10 minutes carries it, the 9th does not", async () => {
    const user = { id: uniq() };
    const seen: string[][] = [];
    for (let i = 0; i < 10; i++) seen.push(await names({ user, payment_method: uniqCard() }));
    expect(seen[8]).not.toContain("velocity_high");
    expect(seen[9]).toContain("velocity_high");
    expect(seen[4]).toContain("velocity_elevated");
    expect(seen[3]).not.toContain("velocity_elevated");
  });

  it("velocity_high: the 10th score of one card (bin + last four) across users", async () => {
    const card = uniqCard();
    const seen: string[][] = [];
    for (let i = 0; i < 10; i++) seen.push(await names({ payment_method: card }));
    expect(seen[8]).not.toContain("velocity_high");
    expect(seen[9]).toContain("velocity_high");
    expect(seen[2]).toContain("card_many_users");
    expect(seen[1]).not.toContain("card_many_users");
  });

  it("velocity_high: the 20th score from one IP; ip_many_users from the 5th user", async () => {
    const ip = uniqIp();
    const seen: string[][] = [];
    for (let i = 0; i < 20; i++) seen.push(await names({ user: { id: uniq(), ip_address: ip }, payment_method: uniqCard() }));
    expect(seen[18]).not.toContain("velocity_high");
    expect(seen[19]).toContain("velocity_high");
    expect(seen[3]).not.toContain("ip_many_users");
    expect(seen[4]).toContain("ip_many_users");
  });

  it("no IP velocity or ip_many_users on an address that is not a client's (a merchant's own server): ip_reserved only", async () => {
    const server = "10.77.0.9";
    const seen: string[][] = [];
    for (let i = 0; i < 22; i++) seen.push(await names({ user: { id: uniq(), ip_address: server }, payment_method: uniqCard() }));
    for (const s of seen) {
      expect(s).toContain("ip_reserved");
      expect(s.filter((n) => ["velocity_high", "velocity_elevated", "ip_many_users"].includes(n))).toEqual([]);
    }
  });

  it("user_many_cards: a third distinct card within 24 hours", async () => {
    const user = { id: uniq() };
    const a = uniqCard();
    await names({ user, payment_method: a });
    const again = await names({ user, payment_method: a });
    expect(again).not.toContain("user_many_cards");
    expect(await names({ user, payment_method: uniqCard() })).not.toContain("user_many_cards");
    expect(await names({ user, payment_method: uniqCard() })).toContain("user_many_cards");
  });

  it("email_many_users: a third user on one e-mail", async () => {
    const email = `${uniq("shared")}@example.com`;
    expect(await names({ user: { id: uniq(), email } })).not.toContain("email_many_users");
    expect(await names({ user: { id: uniq(), email } })).not.toContain("email_many_users");
    expect(await names({ user: { id: uniq(), email } })).toContain("email_many_users");
  });
});

describe("the user's own history", () => {
  it("new_user on the first score only", async () => {
    const user = { id: uniq() };
    expect(await names({ user })).toContain("new_user");
    expect(await names({ user })).not.toContain("new_user");
  });

  it("new_user again after a blocked first attempt, until a score stands", async () => {
    const user = { id: uniq() };
    const first = await score(api, h, scoreBody({ user }));
    expect((await decide(api, h, first.body.transaction_id, "manual_review", "block")).status).toBe(201);
    const retry = await score(api, h, scoreBody({ user }));
    expect(retry.body.decision).toBe("allow");
    expect(signalNames(retry.body)).toContain("new_user");
    expect(await names({ user })).not.toContain("new_user"); // the retry stands (allowed, unlabelled)
  });

  it("amount_unusual_for_user: above 3× the mean and the maximum of ≥ 3 earlier amounts in the currency", async () => {
    const user = { id: uniq() };
    for (const amount of [1000, 1200, 800]) await names({ user, amount });
    expect(await names({ user, amount: 2900 })).not.toContain("amount_unusual_for_user");
    expect(await names({ user, amount: 5000 })).toContain("amount_unusual_for_user");
    expect(await names({ user, amount: 50_000, currency: "EUR" })).not.toContain("amount_unusual_for_user");
  });

  it("amount_unusual_for_user: blocked or fraud-labelled amounts are not part of the user's baseline", async () => {
    const user = { id: uniq() };
    for (const amount of [1000, 1200, 800]) await names({ user, amount });
    const refused = await score(api, h, scoreBody({ user, amount: 40_000 }));
    expect((await decide(api, h, refused.body.transaction_id, "manual_review", "block")).status).toBe(201);
    const fraud = await score(api, h, scoreBody({ user, amount: 30_000 }));
    expect((await decide(api, h, fraud.body.transaction_id, "confirmed_fraud")).status).toBe(201);
    expect(await names({ user, amount: 5000 })).toContain("amount_unusual_for_user");
  });

  it("email_seen_before once an earlier use is a day old, not within a burst; email_new_for_user", async () => {
    const id = uniq();
    const first = await names({ user: { id, email: "one@example.com" } });
    expect(first).not.toContain("email_seen_before");
    expect(first).not.toContain("email_new_for_user");
    const burst = await names({ user: { id, email: "ONE@example.com" } });
    expect(burst).not.toContain("email_seen_before");
    expect(burst).not.toContain("email_new_for_user");
    await ageUser(id, 25);
    expect(await names({ user: { id, email: "ONE@example.com" } })).toContain("email_seen_before");
    const other = await names({ user: { id, email: "two@example.com" } });
    expect(other).toContain("email_new_for_user");
    expect(other).not.toContain("email_seen_before");
  });

  it("email_seen_before is withheld once the user's transaction with that e-mail is labelled fraud", async () => {
    const id = uniq();
    const r = await score(api, h, scoreBody({ user: { id, email: "lab@example.com" } }));
    await ageUser(id, 25);
    expect(await names({ user: { id, email: "lab@example.com" } })).toContain("email_seen_before");
    expect((await decide(api, h, r.body.transaction_id, "confirmed_fraud")).status).toBe(201);
    const next = await names({ user: { id, email: "lab@example.com" } });
    expect(next).not.toContain("email_seen_before");
    expect(next).toContain("fraud_history_user");
    expect(next).toContain("blocklist_email");
  });

  it("email_seen_before is withheld while a transaction with that e-mail stands blocked, and back once it is labelled legit", async () => {
    const id = uniq();
    const r = await score(api, h, scoreBody({ user: { id, email: "held@example.com" } }));
    await ageUser(id, 25);
    expect((await decide(api, h, r.body.transaction_id, "manual_review", "block")).status).toBe(201);
    expect(await names({ user: { id, email: "held@example.com" } })).not.toContain("email_seen_before");
    expect((await decide(api, h, r.body.transaction_id, "false_positive")).status).toBe(201);
    expect(await names({ user: { id, email: "held@example.com" } })).toContain("email_seen_before");
  });
});

describe("request facts", () => {
  it("email_disposable", async () => {
    expect(await names({ user: { id: uniq(), email: "a@mailinator.com" } })).toContain("email_disposable");
    expect(await names({ user: { id: uniq(), email: "a@example.com" } })).not.toContain("email_disposable");
  });

  it("bin_unknown for a BIN no network uses; none for a Visa BIN", async () => {
    expect(await names({ payment_method: uniqCard("999999") })).toContain("bin_unknown");
    expect(await names({ payment_method: uniqCard("411111") })).not.toContain("bin_unknown");
  });

  it("card_expired before the month of the request, not in it", async () => {
    const now = new Date();
    const y = now.getUTCFullYear();
    const m = now.getUTCMonth() + 1;
    const prev = m === 1 ? { expiry_year: y - 1, expiry_month: 12 } : { expiry_year: y, expiry_month: m - 1 };
    expect(await names({ payment_method: { ...uniqCard(), ...prev } })).toContain("card_expired");
    expect(await names({ payment_method: { ...uniqCard(), expiry_year: y, expiry_month: m } })).not.toContain("card_expired");
  });

  it("ip_reserved for private, loopback, link-local and documentation addresses; none for a public one", async () => {
    for (const ip of ["10.0.0.1", "192.168.1.1", "127.0.0.1", "169.254.0.1", "192.0.2.10", "2001:db8::1", "::ffff:10.0.0.1"]) {
      expect(await names({ user: { id: uniq(), ip_address: ip } }), ip).toContain("ip_reserved");
    }
    expect(await names({ user: { id: uniq(), ip_address: uniqIp() } })).not.toContain("ip_reserved");
  });

  it("merchant_high_risk_category for gambling / quasi-cash categories", async () => {
    expect(await names({ merchant: { category: "7995" } })).toContain("merchant_high_risk_category");
    expect(await names({ merchant: { category: "crypto_exchange" } })).toContain("merchant_high_risk_category");
    expect(await names({ merchant: { category: "5411" } })).not.toContain("merchant_high_risk_category");
  });
});

describe("account tables (loaded through /api/v1/policies)", () => {
  it("ip_proxy_detected from the account's ranges; a reserved address gives ip_reserved instead", async () => {
    const acct = uniq("proxy-co");
    const k = bearer((await api.key({ account: acct })).key);
    await setPolicy(api, acct, { ip_ranges_csv: "cidr,category\n185.220.101.0/24,tor\n10.0.0.0/8,proxy\n2a0b:f4c0::/32,hosting" });
    const n = async (ip: string) => signalNames((await score(api, k, scoreBody({ user: { id: uniq(), ip_address: ip } }))).body);
    expect(await n("185.220.101.44")).toContain("ip_proxy_detected");
    expect(await n("2a0b:f4c0::9")).toContain("ip_proxy_detected");
    expect(await n("185.220.102.44")).not.toContain("ip_proxy_detected");
    const reserved = await n("10.2.3.4");
    expect(reserved).toContain("ip_reserved");
    expect(reserved).not.toContain("ip_proxy_detected");
    // Another account did not load the ranges.
    expect(await names({ user: { id: uniq(), ip_address: "185.220.101.44" } })).not.toContain("ip_proxy_detected");
  });

  it("bin_prepaid from the account's BIN table, which keeps the shipped network prefixes underneath", async () => {
    const acct = uniq("bin-co");
    const k = bearer((await api.key({ account: acct })).key);
    await setPolicy(api, acct, {
      bin_table_csv: "bin_from,bin_to,scheme,type,prepaid,country\n53741000,53741099,mastercard,debit,true,US",
    });
    const n = async (bin: string) => signalNames((await score(api, k, scoreBody({ payment_method: uniqCard(bin) }))).body);
    expect(await n("53741012")).toContain("bin_prepaid");
    expect(await n("53741112")).not.toContain("bin_prepaid");
    expect(await n("411111")).not.toContain("bin_unknown");
    expect(await names({ payment_method: uniqCard("53741012") })).not.toContain("bin_prepaid");
  });
});

describe("links to confirmed fraud", () => {
  it("identity_verified / identity_failed / identity_flagged from the user's latest verification", async () => {
    await api.deps.watchlists.get();
    const verify = async (body: Record<string, unknown>) => {
      const r = await call(`${api.url.live}/v1/identity/verify`, { headers: h, body });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.status as string;
    };
    const identity = (list: string[]) => list.filter((n) => n.startsWith("identity_"));
    const never = { id: uniq() };
    expect(identity(await names({ user: never }))).toEqual([]);

    const clean = person();
    expect(await verify(clean)).toBe("verified");
    const verified = await names({ user: { id: clean.user_id } });
    expect(identity(verified)).toEqual(["identity_verified"]);

    // The latest verification decides: the same user verified again with a changed birth date fails.
    expect(await verify({ ...clean, date_of_birth: "1991-04-12" })).toBe("failed");
    expect(identity(await names({ user: { id: clean.user_id } }))).toEqual(["identity_failed"]);

    const sanctioned = person({ first_name: "Ayman", last_name: "al-Zawahiri", date_of_birth: "1951-06-19" });
    expect(await verify(sanctioned)).toBe("flagged");
    const flagged = await call(`${api.url.live}/v1/transactions/score`, {
      headers: h,
      body: scoreBody({ user: { id: sanctioned.user_id } }),
    });
    expect(identity(signalNames(flagged.body))).toEqual(["identity_flagged"]);
    // A reassurance lowers the score, a flag raises it, against the same request otherwise.
    const plain = await score(api, h, scoreBody({ user: { id: uniq() } }));
    const fresh = person();
    expect(await verify(fresh)).toBe("verified");
    const reassured = await score(api, h, scoreBody({ user: { id: fresh.user_id } }));
    expect(flagged.body.risk_score).toBeGreaterThan(plain.body.risk_score);
    expect(reassured.body.risk_score).toBeLessThan(plain.body.risk_score);
  });

  it("fraud_history_user after a confirmed_fraud decision, withdrawn by a false_positive correction", async () => {
    const user = { id: uniq() };
    const r = await score(api, h, scoreBody({ user }));
    expect(await names({ user })).not.toContain("fraud_history_user");
    await decide(api, h, r.body.transaction_id, "confirmed_fraud");
    expect(await names({ user })).toContain("fraud_history_user");
    await decide(api, h, r.body.transaction_id, "false_positive");
    expect(await names({ user })).not.toContain("fraud_history_user");
  });

  it("blocklist_card / blocklist_ip / blocklist_email: fed by confirmed_fraud, seen by other users", async () => {
    const card = uniqCard();
    const ip = uniqIp();
    const email = `${uniq("bad")}@example.com`;
    const r = await score(api, h, scoreBody({ payment_method: card, user: { id: uniq(), ip_address: ip, email } }));
    const clean = await names({ payment_method: card, user: { id: uniq(), ip_address: ip, email } });
    expect(clean.filter((s) => s.startsWith("blocklist_"))).toEqual([]);
    await decide(api, h, r.body.transaction_id, "confirmed_fraud");
    const hit = await names({ payment_method: card, user: { id: uniq(), ip_address: ip, email } });
    expect(hit).toEqual(expect.arrayContaining(["blocklist_card", "blocklist_ip", "blocklist_email"]));
    expect(await names({ payment_method: uniqCard(), user: { id: uniq(), ip_address: uniqIp() } })).not.toContain("blocklist_card");
  });

  it("confirmed_fraud does not blocklist an address that is not a client's (a merchant's own server)", async () => {
    const server = "10.20.30.40";
    const r = await score(api, h, scoreBody({ payment_method: uniqCard(), user: { id: uniq(), ip_address: server } }));
    await decide(api, h, r.body.transaction_id, "confirmed_fraud");
    const next = await names({ payment_method: uniqCard(), user: { id: uniq(), ip_address: server } });
    expect(next).toContain("ip_reserved");
    expect(next).not.toContain("blocklist_ip");
  });

  it("blocklist entries added by hand through /api/v1/blocklist", async () => {
    const lead = await api.analyst({ role: "lead", account: ACCOUNT });
    const token = await api.consoleToken(lead.id);
    const ip = uniqIp();
    const add = await call(`${api.url.live}/api/v1/blocklist`, {
      headers: { authorization: `Bearer ${token}` },
      body: { kind: "ip", value: ip, note: "abuse report" },
    });
    expect(add.status).toBe(201);
    expect(await names({ user: { id: uniq(), ip_address: ip } })).toContain("blocklist_ip");
    const del = await call(`${api.url.live}/api/v1/blocklist/${add.body.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(del.status).toBe(200);
    expect(await names({ user: { id: uniq(), ip_address: ip } })).not.toContain("blocklist_ip");
  });
});

describe("without session_id", () => {
  it("computes no device signal at all", async () => {
    const device = [
      "device_trusted",
      "device_new",
      "device_flagged",
      "device_automation",
      "device_context_mismatch",
      "device_velocity_high",
      "device_many_users",
      "session_user_mismatch",
      "blocklist_device",
      "device_session_expired",
    ];
    const user = { id: uniq() };
    for (let i = 0; i < 3; i++) expect((await names({ user })).filter((s) => device.includes(s))).toEqual([]);
  });
});
