import { afterAll, beforeAll, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
let api: TestApi;
beforeAll(async () => { api = await startTestApi(); });
afterAll(() => api?.close());
it("smoke", async () => {
  const h = bearer((await api.key()).key);
  const body = { amount: 1000, currency: "usd", payment_method: { type: "card", card_bin: "424242", last_four: "4242" }, user: { id: "u1", email: "a@mailinator.com", ip_address: "10.0.0.1" }, metadata: { a: "b" } };
  const r = await call(`${api.url.live}/v1/transactions/score`, { headers: h, body });
  console.log(r.status, JSON.stringify(r.body));
  const g = await call(`${api.url.live}/v1/transactions/${r.body.transaction_id}`, { headers: h });
  console.log(g.status, JSON.stringify(g.body));
  const k = await call(`${api.url.live}/v1/transactions/score`, { headers: { ...h, "idempotency-key": "k1" }, body });
  console.log(k.status, JSON.stringify(k.body));
  const v = await call(`${api.url.live}/v1/transactions/verify`, { headers: h, body: { payment_method: { type: "bank_account", bank_account_number: "****6789", routing_number: "011000015" }, user_id: "u1", amount: 5, currency: "EUR" } });
  console.log(v.status, JSON.stringify(v.body));
  expect(r.status).toBe(200);
});
