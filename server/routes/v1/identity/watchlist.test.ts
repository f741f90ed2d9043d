import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { reviewScreening } from "../../../domain/screening/review";
import { person } from "../../../test/identity-fixtures";

let api: TestApi;
let headers: Record<string, string>;
let accountId: string;
let decisionKey: string;
beforeAll(async () => {
  api = await startTestApi({ env: { ARGUS_KYC_ASYNC_DELAY_MS: "0" } });
  const k = await api.key({ scopes: ["identity:write"] });
  headers = bearer(k.key);
  accountId = k.accountId;
  decisionKey = (await api.key({ scopes: ["decisions:write"] })).key;
  await api.deps.watchlists.get();
});
afterAll(() => api?.close());

const screen = (q: string) => call(`${api.url.live}/v1/identity/watchlist?${q}`, { headers });
const verify = (body: unknown) => call(`${api.url.live}/v1/identity/verify`, { headers, body });

describe("GET /v1/identity/watchlist", () => {
  it("screens a name alone and stores the result with a screening_id", async () => {
    const r = await screen("name=Joseph%20Kony");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "watchlist_screening", user_id: null, status: "match" });
    expect(r.body.screening_id).toMatch(/^scr_/);
    expect(r.body.screened_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const top = r.body.matches[0];
    expect(top.match_score).toBeGreaterThan(0.85);
    expect(["ofac", "un_sanctions"]).toContain(top.list);
    expect(top).toMatchObject({ entity_type: "individual" });
    expect(top.reason).toMatch(/Listed/);
    const stored = await call(`${api.url.live}/v1/identity/screenings/${r.body.screening_id}`, { headers });
    expect(stored.body.status).toBe("match");
    expect(stored.body.listed_entities[0].primary_name).toMatch(/kony/i);
    expect(stored.body.listed_entities[0].changed).toBe(false);
  });

  it("answers clear for an ordinary name, with no matches", async () => {
    const r = await screen("name=Jane%20Carter&date_of_birth=1990-04-12");
    expect(r.body).toMatchObject({ status: "clear", matches: [] });
  });

  it("reports a lower-confidence hit as possible_match for review", async () => {
    const r = await screen("name=Maria%20Jane%20Cantwell");
    expect(r.body.status).toBe("possible_match");
    expect(r.body.matches[0].list).toBe("pep");
    expect(r.body.review_state).toBe("pending_review");
  });

  it("narrows by date of birth: a conflicting one lowers the score below review", async () => {
    expect((await screen("name=Joseph%20Konyi&date_of_birth=1980-05-05")).body.status).toBe("clear");
  });

  it("reads joined and split name particles as one name, and says which form matched", async () => {
    // Listed on the OFAC file as "AL-KHAFAJI, Muhsin Khadr", "AL-WARFALLI, Mahmud" and
    // "AL-KHAIWANI, Abdul Hakim": each of these came back clear before.
    const cases: [string, string][] = [
      ["MUHSIN KHADR ALKHAFAJI", "ofac:7890"],
      ["Mahmud ALWARFALLI", "ofac:25038"],
      ["Abd al Hakim AL-KHAIWANI", "ofac:30623"],
    ];
    for (const [name, id] of cases) {
      const r = await screen(`name=${encodeURIComponent(name)}&lists=ofac`);
      expect(r.body.status, name).toBe("match");
      expect(r.body.matches[0], name).toMatchObject({ entity_id: id, match_score: 1 });
    }
    const joined = await screen(`name=${encodeURIComponent("MUHSIN KHADR ALKHAFAJI")}&lists=ofac`);
    expect(joined.body.matches[0].reason).toContain("Matched the joined form ALKHAFAJI of AL-KHAFAJI");
  });

  it("leaves an unlisted person who shares only a listed surname clear", async () => {
    expect((await screen(`name=${encodeURIComponent("Leila AL-KHAFAJI")}&lists=ofac,un_sanctions`)).body.status).toBe("clear");
  });

  it("filters by lists and validates them", async () => {
    expect((await screen("name=Joseph%20Kony&lists=pep")).body.status).toBe("clear");
    const un = await screen("name=Joseph%20Kony&lists=un_sanctions");
    expect(un.body.matches.every((m: { list: string }) => m.list === "un_sanctions")).toBe(true);
    expect((await screen("name=Joseph%20Kony&lists=eu_sanctions")).body.status).toBe("clear");
    const bad = await screen("name=x&lists=ofac,interpol");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "invalid_field_value", param: "lists" });
  });

  it("validates the request", async () => {
    const none = await screen("");
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: "missing_required_field", param: "user_id" });
    const dob = await screen("name=x&date_of_birth=1990-02-31");
    expect(dob.body.error).toMatchObject({ code: "invalid_field_value", param: "date_of_birth" });
    const future = await screen("name=Joaquin%20Guzman%20Loera&date_of_birth=2099-01-01");
    expect(future.body.error).toMatchObject({ code: "invalid_field_value", param: "date_of_birth" });
    // Bytes that are not UTF-8 are refused, not screened as the literal text "%FF%FE".
    const bytes = await screen("name=%FF%FE");
    expect(bytes.body.error).toMatchObject({ code: "invalid_field_value", param: "name" });
  });

  it("needs an identity record for user_id (404), then screens the stored identity", async () => {
    const missing = await screen("user_id=nobody");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: "resource_not_found", param: "user_id" });
    const body = person({ first_name: "Ayman", last_name: "al-Zawahiri", date_of_birth: "1951-06-19" });
    await verify(body);
    const stored = await screen(`user_id=${body.user_id}`);
    expect(stored.body).toMatchObject({ user_id: body.user_id, name: "Ayman al-Zawahiri", date_of_birth: "1951-06-19", status: "match" });
    const named = await screen(`user_id=${body.user_id}&name=Jane%20Carter`);
    expect(named.body).toMatchObject({ user_id: body.user_id, name: "Jane Carter", status: "clear" });
  });
});

describe("review of possible matches", () => {
  it("suppresses a false positive in the user's later screenings, visibly", async () => {
    const body = person({ first_name: "Maria Jane", last_name: "Cantwell", date_of_birth: "1958-10-13" });
    const v = await verify(body);
    expect(v.status).toBe(202);
    const scope = { accountId, environment: "live" as const };
    await api.deps.database.db.transaction((tx) =>
      reviewScreening(
        tx as never,
        { scope, deps: api.deps },
        { screeningId: v.body.screening_id, decision: "allow", reason: "false_positive", decisionId: "dec_test1" },
      ),
    );
    const done = await call(`${api.url.live}/v1/identity/verifications/${v.body.verification_id}`, { headers });
    expect(done.body.status).toBe("verified");
    const reviewed = await call(`${api.url.live}/v1/identity/screenings/${v.body.screening_id}`, { headers });
    expect(reviewed.body).toMatchObject({ review_state: "false_positive", review_decision_id: "dec_test1" });

    const again = await screen(`user_id=${body.user_id}`);
    expect(again.body.status).toBe("clear");
    expect(again.body.matches).toEqual([]);
    expect(again.body.suppressed_matches[0]).toMatchObject({ entity_name: "Maria Cantwell", list: "pep" });
    // Another user with the same name is not suppressed.
    expect((await screen("name=Maria%20Jane%20Cantwell")).body.status).toBe("possible_match");
  });

  it("flags the verification when the reviewer confirms the match", async () => {
    const v = await verify(person({ first_name: "Maria Jane", last_name: "Cantwell", date_of_birth: "1958-10-13" }));
    await api.deps.database.db.transaction((tx) =>
      reviewScreening(
        tx as never,
        { scope: { accountId, environment: "live" }, deps: api.deps },
        { screeningId: v.body.screening_id, decision: "block", reason: "confirmed_fraud", decisionId: "dec_test2" },
      ),
    );
    expect((await call(`${api.url.live}/v1/identity/verifications/${v.body.verification_id}`, { headers })).body.status).toBe("flagged");
  });

  it("takes the reviewer's decision through POST /v1/decisions with screening_id", async () => {
    const decide = (body: unknown) => call(`${api.url.live}/v1/decisions`, { headers: bearer(decisionKey), body });
    const body = person({ first_name: "Maria Jane", last_name: "Cantwell", date_of_birth: "1958-10-13" });
    const v = await verify(body);
    const both = await decide({ transaction_id: "txn_x", screening_id: v.body.screening_id, decision: "allow", reason: "false_positive" });
    expect(both.status).toBe(400);
    expect(both.body.error).toMatchObject({ code: "invalid_field_value", param: "screening_id" });
    const unknown = await decide({ screening_id: "scr_nope", decision: "allow", reason: "false_positive" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: "resource_not_found", param: "screening_id" });
    const made = await decide({
      screening_id: v.body.screening_id,
      decision: "allow",
      reason: "false_positive",
      notes: "Different person: DOB and nationality differ",
      analyst_id: "ana_1",
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ object: "decision", screening_id: v.body.screening_id, reason: "false_positive" });
    const listed = await call(`${api.url.live}/v1/decisions?screening_id=${v.body.screening_id}`, { headers: bearer(decisionKey) });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((d: { id: string }) => d.id)).toEqual([made.body.id]);
    const none = await call(`${api.url.live}/v1/decisions?screening_id=scr_nope`, { headers: bearer(decisionKey) });
    expect(none.body.data).toEqual([]);
    expect((await call(`${api.url.live}/v1/identity/verifications/${v.body.verification_id}`, { headers })).body.status).toBe("verified");
    const later = await screen(`user_id=${body.user_id}`);
    expect(later.body.status).toBe("clear");
    expect(later.body.suppressed_matches).toHaveLength(1);
    // A correction: the match is confirmed after all. The suppression goes with the false positive.
    const corrected = await decide({ screening_id: v.body.screening_id, decision: "block", reason: "confirmed_fraud" });
    expect(corrected.status).toBe(201);
    const after = await screen(`user_id=${body.user_id}`);
    expect(after.body.status).toBe("possible_match");
    expect(after.body.suppressed_matches).toEqual([]);
    expect((await verify({ ...body, user_id: body.user_id })).status).toBe(202);
  });
});
