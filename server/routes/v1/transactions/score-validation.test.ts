import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { score, scoreBody } from "../../../test/score-helpers";

let api: TestApi;
let h: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi();
  h = bearer((await api.key()).key);
});
afterAll(() => api?.close());

const without = (path: string) => {
  const body = scoreBody() as Record<string, Record<string, unknown>>;
  const [a, b] = path.split(".") as [string, string?];
  if (b) delete body[a]![b];
  else delete body[a];
  return body;
};

describe("score validation: 400 with param", () => {
  it.each([["amount"], ["currency"], ["payment_method"], ["payment_method.type"], ["user"], ["user.id"]])(
    "missing %s → missing_required_field",
    async (param) => {
      const r = await score(api, h, without(param));
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: "missing_required_field", param });
    },
  );

  it.each([
    ["amount", { amount: 0 }],
    ["amount", { amount: -5 }],
    ["amount", { amount: 10.5 }],
    ["amount", { amount: "100" }],
    ["currency", { currency: "ZZZ" }],
    ["currency", { currency: "XXX" }],
    ["currency", { currency: "US" }],
    ["currency", { currency: 840 }],
    ["payment_method", { payment_method: "card" }],
    ["payment_method.type", { payment_method: { type: "cheque" } }],
    ["payment_method.card_bin", { payment_method: { type: "card", card_bin: "12345" } }],
    ["payment_method.card_bin", { payment_method: { type: "card", card_bin: "123456789" } }],
    ["payment_method.card_bin", { payment_method: { type: "card", card_bin: "4111a1" } }],
    ["payment_method.last_four", { payment_method: { type: "card", last_four: "123" } }],
    ["payment_method.expiry_month", { payment_method: { type: "card", expiry_month: 0 } }],
    ["payment_method.expiry_month", { payment_method: { type: "card", expiry_month: 13 } }],
    ["payment_method.expiry_year", { payment_method: { type: "card", expiry_year: 27 } }],
    ["payment_method.expiry_year", { payment_method: { type: "card", expiry_year: 20270 } }],
    ["payment_method.wallet_type", { payment_method: { type: "wallet", wallet_type: "samsung_pay" } }],
    ["user.id", { user: { id: "" } }],
    ["user.email", { user: { email: "not-an-email" } }],
    ["user.ip_address", { user: { ip_address: "300.1.1.1" } }],
    ["user.phone", { user: { phone: "4155550123" } }],
    ["user.phone", { user: { phone: "+0123" } }],
    ["merchant", { merchant: "m_1" }],
    ["session_id", { session_id: "" }],
    ["metadata.n", { metadata: { n: 1 } }],
    ["metadata", { metadata: "x" }],
  ])("%s invalid (%j) → invalid_field_value", async (param, over) => {
    const r = await score(api, h, scoreBody(over));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "invalid_field_value", param });
  });

  it("requires wallet_type for wallets and accepts the three wallet identifiers", async () => {
    const r = await score(api, h, scoreBody({ payment_method: { type: "wallet", card_bin: undefined, last_four: undefined } }));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "missing_required_field", param: "payment_method.wallet_type" });
    for (const wallet_type of ["apple_pay", "google_pay", "paypal"]) {
      const ok = await score(api, h, scoreBody({ payment_method: { type: "wallet", wallet_type } }));
      expect(ok.status, wallet_type).toBe(200);
    }
  });

  it("accepts every payment method type", async () => {
    for (const type of ["card", "bank_transfer", "qr", "crypto"]) {
      expect((await score(api, h, scoreBody({ payment_method: { type } }))).status, type).toBe(200);
    }
  });

  it("refuses more than 50 metadata keys", async () => {
    const metadata = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
    const r = await score(api, h, scoreBody({ metadata }));
    expect(r.body.error).toMatchObject({ code: "invalid_field_value", param: "metadata" });
  });

  it("accepts a lower-case currency and stores it upper-case", async () => {
    const r = await score(api, h, scoreBody({ currency: "eur" }));
    expect(r.status).toBe(200);
    const g = await call(`${api.url.live}/v1/transactions/${r.body.transaction_id}`, { headers: h });
    expect(g.body.currency).toBe("EUR");
  });

  it("answers a session_id that names nothing here with 404 resource_not_found, param session_id", async () => {
    const r = await score(api, h, scoreBody({ session_id: "sess_nope" }));
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: "resource_not_found", param: "session_id" });
  });

  it("ignores a body without Content-Type: application/json, and refuses malformed JSON", async () => {
    const r = await call(`${api.url.live}/v1/transactions/score`, {
      method: "POST",
      headers: { ...h, "content-type": "text/plain" },
      raw: JSON.stringify(scoreBody()),
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "missing_required_field", param: "amount" });
    const bad = await call(`${api.url.live}/v1/transactions/score`, {
      method: "POST",
      headers: { ...h, "content-type": "application/json" },
      raw: "{",
    });
    expect(bad.body.error.code).toBe("invalid_json");
  });
});
