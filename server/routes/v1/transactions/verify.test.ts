import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { checkRoutingNumber, isMaskedAccountNumber } from "../../../domain/payments/formats";
import { decide, score, scoreBody, setPolicy, uniq, uniqCard } from "../../../test/score-helpers";

let api: TestApi;
let h: Record<string, string>;
const ACCOUNT = "verify-co";
beforeAll(async () => {
  api = await startTestApi();
  h = bearer((await api.key({ account: ACCOUNT })).key);
});
afterAll(() => api?.close());

const verify = (body: Record<string, unknown>, headers = h) => call(`${api.url.live}/v1/transactions/verify`, { headers, body });
const card = (over: Record<string, unknown> = {}) => ({
  payment_method: { type: "card", card_bin: "411111", last_four: "1111", ...over },
  user_id: uniq(),
});
const names = (r: { body: { checks: { name: string }[] } }) => r.body.checks.map((c) => c.name);
const result = (r: { body: { checks: { name: string; result: string }[] } }, name: string) =>
  r.body.checks.find((c) => c.name === name)?.result;

describe("POST /v1/transactions/verify validation", () => {
  it.each([
    [{ user_id: "u" }, "missing_required_field", "payment_method"],
    [{ payment_method: { type: "card", card_bin: "411111" } }, "missing_required_field", "user_id"],
    [{ payment_method: {}, user_id: "u" }, "missing_required_field", "payment_method.type"],
    [{ payment_method: { type: "cash" }, user_id: "u" }, "invalid_field_value", "payment_method.type"],
    [{ payment_method: { type: "card" }, user_id: "u" }, "missing_required_field", "payment_method.card_bin"],
    [{ payment_method: { type: "card", card_bin: "41111" }, user_id: "u" }, "invalid_field_value", "payment_method.card_bin"],
    [
      { payment_method: { type: "card", card_bin: "411111", last_four: "11" }, user_id: "u" },
      "invalid_field_value",
      "payment_method.last_four",
    ],
    [
      { payment_method: { type: "bank_account", bank_account_number: "000123456789" }, user_id: "u" },
      "invalid_field_value",
      "payment_method.bank_account_number",
    ],
    [
      { payment_method: { type: "bank_account", bank_account_number: "****12345" }, user_id: "u" },
      "invalid_field_value",
      "payment_method.bank_account_number",
    ],
    [{ ...card(), amount: 500 }, "missing_required_field", "currency"],
    [{ ...card(), amount: -1, currency: "USD" }, "invalid_field_value", "amount"],
    [{ ...card(), amount: 500, currency: "ABC" }, "invalid_field_value", "currency"],
  ])("%j → %s %s", async (body, code, param) => {
    const r = await verify(body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code, param });
  });

  it("accepts masked account numbers", () => {
    for (const v of ["****6789", "xxxxxx6789", "••••6789", "**** **** 6789", "XXXX-6789", "********"])
      expect(isMaskedAccountNumber(v), v).toBe(true);
    for (const v of ["123456789", "6789", "12**6789", "****12345", ""]) expect(isMaskedAccountNumber(v), v).toBe(false);
  });

  it("checks ABA routing numbers by format, prefix and checksum", () => {
    for (const v of ["011000015", "021000021", "026009593", "322271627"]) expect(checkRoutingNumber(v).ok, v).toBe(true);
    for (const v of ["011000016", "12345678", "0110000150", "991000015", "abcdefghi"]) expect(checkRoutingNumber(v).ok, v).toBe(false);
  });
});

describe("checks and status", () => {
  it("card: bin, velocity, blacklist and account age checks in order; no scoring happens", async () => {
    const body = card();
    const r = await verify(body);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "payment_verification", status: "suspicious" });
    expect(r.body.verification_id).toMatch(/^pver_/);
    expect(names(r)).toEqual(["bin_check", "velocity_check", "blacklist_check", "account_age_check"]);
    expect(result(r, "account_age_check")).toBe("warn");
    const ev = await call(`${api.url.live}/v1/events?user_id=${body.user_id}`, { headers: h });
    expect(ev.body.data).toEqual([]);
  });

  it("bank account: routing_check after blacklist_check; an invalid routing number makes it invalid", async () => {
    const ok = await verify({
      payment_method: { type: "bank_account", bank_account_number: "****6789", routing_number: "011000015" },
      user_id: uniq(),
    });
    expect(names(ok)).toEqual(["velocity_check", "blacklist_check", "routing_check", "account_age_check"]);
    expect(result(ok, "routing_check")).toBe("pass");
    const bad = await verify({
      payment_method: { type: "bank_account", bank_account_number: "****6789", routing_number: "011000016" },
      user_id: uniq(),
    });
    expect(result(bad, "routing_check")).toBe("fail");
    expect(bad.body.status).toBe("invalid");
  });

  it("valid for a known user with a clean card; amount_check once an amount is sent", async () => {
    const user = uniq();
    await score(api, h, scoreBody({ user: { id: user } }));
    await api.deps.database.db.execute(sql`update transactions set created_at = now() - interval '30 days' where user_id = ${user}`);
    const r = await verify({ ...card(), user_id: user, amount: 2000, currency: "usd" });
    expect(r.body.status).toBe("valid");
    expect(names(r)).toEqual(["bin_check", "velocity_check", "blacklist_check", "account_age_check", "amount_check"]);
  });

  it("bin_check fails for a BIN of no network and warns for a prepaid one", async () => {
    expect(result(await verify(card({ card_bin: "999999" })), "bin_check")).toBe("fail");
    const acct = uniq("prepaid-co");
    await setPolicy(api, acct, { bin_table_csv: "537410,,mastercard,debit,true,US" });
    const k = bearer((await api.key({ account: acct })).key);
    expect(result(await verify(card({ card_bin: "537410" }), k), "bin_check")).toBe("warn");
  });

  it("blacklist_check fails for a card fed to the blocklist by confirmed_fraud", async () => {
    const c = uniqCard();
    const t = await score(api, h, scoreBody({ payment_method: c }));
    expect(result(await verify({ payment_method: c, user_id: uniq() }), "blacklist_check")).toBe("pass");
    await decide(api, h, t.body.transaction_id, "confirmed_fraud");
    const r = await verify({ payment_method: c, user_id: uniq() });
    expect(result(r, "blacklist_check")).toBe("fail");
    expect(r.body.status).toBe("invalid");
  });

  it("velocity_check warns from the 5th and fails from the 10th verification of a card in 10 minutes", async () => {
    const c = uniqCard();
    const results: string[] = [];
    for (let i = 0; i < 10; i++) results.push(result(await verify({ payment_method: c, user_id: uniq() }), "velocity_check") as string);
    expect(results.slice(0, 4)).toEqual(["pass", "pass", "pass", "pass"]);
    expect(results[4]).toBe("warn");
    expect(results[9]).toBe("fail");
  });
});
