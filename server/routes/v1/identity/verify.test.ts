import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { rows } from "../../../db/client";
import { address, company, person, runJobs } from "../../../test/identity-fixtures";

let api: TestApi;
let headers: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi({ env: { ARGUS_KYC_ASYNC_DELAY_MS: "0" } });
  const key = await api.key({ scopes: ["identity:write"] });
  headers = bearer(key.key);
  await api.subscribe(key.accountId, { events: ["identity.verification_completed"] });
  await api.deps.watchlists.get();
});
afterAll(() => api?.close());

const verify = (body: unknown, extra: Record<string, string> = {}) =>
  call(`${api.url.live}/v1/identity/verify`, { headers: { ...headers, ...extra }, body });
const get = (id: string) => call(`${api.url.live}/v1/identity/verifications/${id}`, { headers });
const check = (body: { checks: { name: string; status: string }[] }, name: string) => body.checks.find((c) => c.name === name)?.status;
const eventsOf = (userId: string) =>
  rows<{ event_type: string; payload: Record<string, unknown> }>(
    api.deps.database.db,
    sql`select event_type, payload from events where user_id = ${userId} order by created_at, id`,
  );

describe("validation of POST /v1/identity/verify", () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ ...person(), user_id: undefined }, "missing_required_field", "user_id"],
    [{ ...person(), type: undefined }, "missing_required_field", "type"],
    [{ ...person(), type: "robot" }, "invalid_field_value", "type"],
    [{ ...person(), first_name: undefined }, "missing_required_field", "first_name"],
    [{ ...person(), last_name: "" }, "invalid_field_value", "last_name"],
    [{ ...person(), date_of_birth: undefined }, "missing_required_field", "date_of_birth"],
    [{ ...person(), date_of_birth: "12/04/1990" }, "invalid_field_value", "date_of_birth"],
    [{ ...person(), date_of_birth: "1990-02-30" }, "invalid_field_value", "date_of_birth"],
    [{ ...person(), date_of_birth: "2999-01-01" }, "invalid_field_value", "date_of_birth"],
    [{ ...person(), address: undefined }, "missing_required_field", "address"],
    [{ ...person(), address: { ...address, line1: undefined } }, "missing_required_field", "address.line1"],
    [{ ...person(), address: { ...address, city: undefined } }, "missing_required_field", "address.city"],
    [{ ...person(), address: { ...address, state: undefined } }, "missing_required_field", "address.state"],
    [{ ...person(), address: { ...address, postal_code: undefined } }, "missing_required_field", "address.postal_code"],
    [{ ...person(), address: { ...address, country: undefined } }, "missing_required_field", "address.country"],
    [{ ...person(), address: { ...address, country: "XX" } }, "invalid_field_value", "address.country"],
    [{ ...person(), address: { ...address, country: "us" } }, "invalid_field_value", "address.country"],
    [{ ...person(), phone: "4155552671" }, "invalid_field_value", "phone"],
    [{ ...person(), email: "not-an-email" }, "invalid_field_value", "email"],
    [{ ...person(), document: { type: "library_card" } }, "invalid_field_value", "document.type"],
    [{ ...person(), document: { type: "passport", issuing_country: "USA" } }, "invalid_field_value", "document.issuing_country"],
    [{ ...person(), document: { type: "passport", expiry_date: "2030-13-01" } }, "invalid_field_value", "document.expiry_date"],
    [{ ...company(), legal_name: undefined }, "missing_required_field", "legal_name"],
    [{ ...company(), registration_number: undefined }, "missing_required_field", "registration_number"],
    [{ ...company(), country: "Germany" }, "invalid_field_value", "country"],
    [
      { ...company(), registered_address: { ...address, postal_code: undefined } },
      "missing_required_field",
      "registered_address.postal_code",
    ],
  ];
  it.each(cases)("%#: %s → %s %s", async (body, code, param) => {
    const r = await verify(body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code, param });
  });

  it("answers a session_id naming no device session of this account with 404, param session_id; takes a real one", async () => {
    const r = await verify({ ...person(), session_id: "ds_doesnotexist" });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: "resource_not_found", param: "session_id" });
    const device = bearer((await api.key({ scopes: ["device:write"] })).key);
    const s = await call(`${api.url.live}/v1/device/session`, { headers: device, body: { page_url: "https://shop.example.com/signup" } });
    expect(s.status).toBe(201);
    expect((await verify({ ...person(), session_id: s.body.session_id })).status).toBe(201);
  });

  it("echoes user_id exactly as sent, and finds it again by that value", async () => {
    const body = { ...person(), user_id: ` spaced-${Date.now()} ` };
    const r = await verify(body);
    expect(r.body.user_id).toBe(body.user_id);
    const w = await call(`${api.url.live}/v1/identity/watchlist?user_id=${encodeURIComponent(body.user_id)}`, {
      headers: bearer((await api.key()).key),
    });
    expect(w.status).toBe(200);
  });

  it("needs the identity:write scope", async () => {
    const r = await call(`${api.url.live}/v1/identity/verify`, {
      headers: bearer((await api.key({ scopes: ["cases:read"] })).key),
      body: person(),
    });
    expect(r.status).toBe(403);
  });
});

describe("synchronous verification", () => {
  it("verifies a clean adult without a document at once (201), with identity.verified", async () => {
    const body = person();
    const r = await verify(body);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ object: "identity_verification", user_id: body.user_id, status: "verified" });
    expect(r.body.verification_id).toMatch(/^idv_/);
    expect(r.body.completed_at).toMatch(/Z$/);
    expect(r.body.checks.map((c: { name: string }) => c.name)).toEqual([
      "identity_match",
      "database_check",
      "address_verification",
      "phone_match",
    ]);
    expect(r.body.checks.every((c: { status: string }) => c.status === "pass")).toBe(true);
    const events = await eventsOf(body.user_id);
    expect(events.map((e) => e.event_type)).toEqual(["identity.verified"]);
    expect(events[0]?.payload).toMatchObject({ verification_id: r.body.verification_id, status: "verified" });
  });

  it("fails a minor (age threshold 18)", async () => {
    const dob = `${new Date().getUTCFullYear() - 17}-01-01`;
    const r = await verify(person({ date_of_birth: dob }));
    expect(r.body.status).toBe("failed");
    expect(check(r.body, "identity_match")).toBe("fail");
  });

  it("fails a phone from another country than the address, and a bad postal code", async () => {
    const phone = await verify(person({ phone: "+442071838750" }));
    expect(phone.body.status).toBe("failed");
    expect(check(phone.body, "phone_match")).toBe("fail");
    const postal = await verify(person({ address: { ...address, postal_code: "ABC" } }));
    expect(check(postal.body, "address_verification")).toBe("fail");
  });

  it("fails a user id whose name or date of birth changed since its earlier verification", async () => {
    const first = person();
    expect((await verify(first)).body.status).toBe("verified");
    // A second verification of the same user at the same address and phone is not reuse.
    expect((await verify({ ...first, middle: "ignored" })).body.status).toBe("verified");
    const changed = await verify({ ...first, date_of_birth: "1991-04-12" });
    expect(changed.body.status).toBe("failed");
    expect(check(changed.body, "identity_match")).toBe("fail");
  });

  it("flags a sanctioned person (high-confidence match), and flagged wins over failed", async () => {
    const r = await verify(person({ first_name: "Ayman", last_name: "al-Zawahiri", date_of_birth: "1951-06-19", phone: "+442071838750" }));
    expect(r.status).toBe(201);
    expect(r.body.status).toBe("flagged");
    expect(check(r.body, "database_check")).toBe("fail");
    expect(check(r.body, "phone_match")).toBe("fail");
    expect(r.body.screening_id).toMatch(/^scr_/);
  });

  it("flags identity reuse: one document number under two user ids", async () => {
    const document = { type: "passport", number: "C01X00T47", issuing_country: "DE", expiry_date: "2031-01-01" };
    await verify(person({ document }));
    const second = await verify(person({ first_name: "Janet", document }));
    expect(check(second.body, "database_check")).toBe("fail");
    await runJobs(api);
    expect((await get(second.body.verification_id)).body.status).toBe("flagged");
  });

  it("flags a phone shared by three user ids", async () => {
    const phone = "+14155550199";
    expect((await verify(person({ phone }))).body.status).toBe("verified");
    expect((await verify(person({ phone }))).body.status).toBe("verified");
    const third = await verify(person({ phone }));
    expect(third.body.status).toBe("flagged");
  });
});

describe("asynchronous checks", () => {
  it("leaves a verification with a document pending (202), then completes it by job with the webhook payload", async () => {
    const body = person({ document: { type: "passport", number: "L898902C3", issuing_country: "DE", expiry_date: "2032-08-01" } });
    const r = await verify(body);
    expect(r.status).toBe(202);
    expect(r.body.status).toBe("pending");
    expect(r.body.completed_at).toBeNull();
    expect(check(r.body, "document_validity")).toBe("pending");
    expect(await eventsOf(body.user_id)).toEqual([]);

    await runJobs(api);
    const done = await get(r.body.verification_id);
    expect(done.body.status).toBe("verified");
    expect(done.body.completed_at).toMatch(/Z$/);
    expect(done.body.subject.document.number).toBe("•••••02C3");
    expect((await eventsOf(body.user_id)).map((e) => e.event_type)).toEqual(["identity.verified"]);
    const [hook] = await rows<{ type: string; data: Record<string, unknown> }>(
      api.deps.database.db,
      sql`select type, data from webhook_events where type = 'identity.verification_completed' and data->>'verification_id' = ${r.body.verification_id}`,
    );
    expect(hook?.data).toMatchObject({
      verification_id: r.body.verification_id,
      user_id: body.user_id,
      status: "verified",
      completed_at: done.body.completed_at,
    });
    const job = await rows<{ payload: unknown }>(
      api.deps.database.db,
      sql`select payload from jobs where type = 'identity.complete' and state = 'done' limit 1`,
    );
    expect(job[0]?.payload).toEqual({});
  });

  it("fails an expired document (not a 400)", async () => {
    const r = await verify(
      person({ document: { type: "passport", number: "T22000129", issuing_country: "DE", expiry_date: "2020-01-01" } }),
    );
    expect(r.status).toBe(202);
    await runJobs(api);
    const done = await get(r.body.verification_id);
    expect(done.body.status).toBe("failed");
    expect(done.body.checks.find((c: { name: string }) => c.name === "document_validity").detail).toMatch(/expired on 2020-01-01/);
  });

  it("checks the number format and check digits per type and country", async () => {
    const bad = await verify(person({ document: { type: "national_id", number: "12345678A", issuing_country: "ES" } }));
    const good = await verify(person({ document: { type: "national_id", number: "12345678Z", issuing_country: "ES" } }));
    await runJobs(api);
    expect((await get(bad.body.verification_id)).body.status).toBe("failed");
    expect((await get(good.body.verification_id)).body.status).toBe("verified");
  });

  it("always leaves a business pending for the registry step", async () => {
    const good = await verify(company());
    const bad = await verify(company({ registration_number: "07-1234567" }));
    expect(good.status).toBe(202);
    expect(good.body.checks.map((c: { name: string }) => c.name)).toEqual(["document_validity", "database_check", "address_verification"]);
    await runJobs(api);
    expect((await get(good.body.verification_id)).body.status).toBe("verified");
    expect((await get(bad.body.verification_id)).body.status).toBe("failed");
  });

  it("waits for a liveness result, then settles it; a second result is refused", async () => {
    const pending = await verify(person({ liveness: { provider: "acme-liveness", reference: "sess_1" } }));
    expect(pending.status).toBe(202);
    expect(check(pending.body, "liveness")).toBe("pending");
    const url = `${api.url.live}/v1/identity/verifications/${pending.body.verification_id}/liveness`;
    const settled = await call(url, { headers, body: { result: "pass", score: 0.93 } });
    expect(settled.status).toBe(200);
    expect(settled.body.status).toBe("verified");
    const again = await call(url, { headers, body: { result: "fail" } });
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe("invalid_state_transition");
    const immediate = await verify(person({ liveness: { provider: "acme-liveness", reference: "sess_2", result: "fail" } }));
    expect(immediate.body.status).toBe("failed");
  });

  it("waits for review of a possible watchlist match", async () => {
    const r = await verify(person({ first_name: "Maria Jane", last_name: "Cantwell", date_of_birth: "1958-10-13" }));
    expect(r.status).toBe(202);
    expect(check(r.body, "database_check")).toBe("pending");
    const queue = await call(`${api.url.live}/v1/identity/screenings?review_state=pending_review&user_id=${r.body.user_id}`, { headers });
    expect(queue.body.data[0]).toMatchObject({
      screening_id: r.body.screening_id,
      status: "possible_match",
      verification_id: r.body.verification_id,
    });
  });
});

describe("idempotency and isolation", () => {
  it("replays the same verification for the same Idempotency-Key", async () => {
    const body = person();
    const a = await verify(body, { "idempotency-key": "kyc-1" });
    const b = await verify(body, { "idempotency-key": "kyc-1" });
    expect(b.body.verification_id).toBe(a.body.verification_id);
  });

  it("does not show a production verification on the pre-production host", async () => {
    const r = await verify(person());
    const testKey = bearer((await api.key({ env: "test" })).key);
    const other = await call(`${api.url.test}/v1/identity/verifications/${r.body.verification_id}`, { headers: testKey });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("resource_not_found");
  });
});
