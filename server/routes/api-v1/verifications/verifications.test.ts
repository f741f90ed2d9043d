import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestApi, type TestApi } from "../../../test/harness";
import { person } from "../../../test/identity-fixtures";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { ARGUS_KYC_ASYNC_DELAY_MS: "0" } });
});
afterAll(() => api?.close());

const url = (path = "") => `${api.url.live}/api/v1/verifications${path}`;

describe("Surface B verifications", () => {
  it("creates with KYC_WRITE, reads with KYC_READ, and refuses creation with KYC_READ", async () => {
    const write = { "x-api-key": (await api.key({ account: "b-co", scopes: ["KYC_WRITE"] })).key };
    const read = { "x-api-key": (await api.key({ account: "b-co", scopes: ["KYC_READ"] })).key };
    const body = person();
    const created = await call(url(), { headers: write, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: "verification", user_id: body.user_id, status: "verified" });
    const refused = await call(url(), { headers: read, body: person() });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    const one = await call(url(`/${created.body.verification_id}`), { headers: read });
    expect(one.status).toBe(200);
    expect(one.body.subject.first_name).toBe("Jane");
    expect((await call(url(`/${created.body.verification_id}`), { headers: write })).status).toBe(200);
    const txOnly = { "x-api-key": (await api.key({ account: "b-co", scopes: ["TRANSACTIONS_WRITE"] })).key };
    expect((await call(url(), { headers: txOnly })).status).toBe(403);
  });

  it("is the same record as Surface A's identity verification", async () => {
    const key = (await api.key({ account: "same" })).key;
    const created = await call(url(), { headers: { "x-api-key": key }, body: person() });
    const a = await call(`${api.url.live}/v1/identity/verifications/${created.body.verification_id}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(a.body).toMatchObject({
      object: "identity_verification",
      verification_id: created.body.verification_id,
      status: created.body.status,
    });
  });

  it("lists with filters and cursor pagination, newest first", async () => {
    const headers = { "x-api-key": (await api.key({ account: "lister", scopes: ["KYC_WRITE"] })).key };
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call(url(), { headers, body: person() })).body.verification_id);
    const pending = (
      await call(url(), { headers, body: person({ document: { type: "passport", number: "X12345678", issuing_country: "US" } }) })
    ).body;
    expect(pending.status).toBe("pending");
    const p1 = await call(url("?limit=2&status=verified"), { headers });
    expect(p1.body.data.map((v: { verification_id: string }) => v.verification_id)).toEqual([ids[2], ids[1]]);
    const p2 = await call(url(`?limit=2&status=verified&after=${p1.body.next_cursor}`), { headers });
    expect(p2.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(p2.body.data.map((v: { verification_id: string }) => v.verification_id)).toEqual([ids[0]]);
    const byUser = await call(url(`?user_id=${pending.user_id}`), { headers });
    expect(byUser.body.data).toHaveLength(1);
    expect((await call(url("?type=business"), { headers })).body.data).toEqual([]);
    expect((await call(url("?status=done"), { headers })).status).toBe(400);
  });

  it("authenticates with the Surface B error shape", async () => {
    const r = await call(url());
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("UNAUTHORIZED");
  });
});
