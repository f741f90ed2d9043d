import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { person } from "../../../test/identity-fixtures";

// Twins (issue 32): screenings of one subject against the same listed entries are listed as one
// group and decided by one review; a twin of another subject is left alone.

let api: TestApi;
let headers: Record<string, string>;
let decisions: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi({ env: { ARGUS_KYC_ASYNC_DELAY_MS: "0" } });
  headers = bearer((await api.key({ account: "twins-co", scopes: ["identity:write"] })).key);
  decisions = bearer((await api.key({ account: "twins-co", scopes: ["decisions:write"] })).key);
  await api.deps.watchlists.get();
});
afterAll(() => api?.close());

type Listed = { screening_id: string; subject_key: string | null; review_state: string; twins: { screening_id: string }[] };

const screen = async (q: string) => (await call(`${api.url.live}/v1/identity/watchlist?${q}`, { headers })).body;
const get = async (id: string) => (await call(`${api.url.live}/v1/identity/screenings/${id}`, { headers })).body;
const list = (q: string) => call(`${api.url.live}/v1/identity/screenings?${q}`, { headers });
const decide = (body: unknown) => call(`${api.url.live}/v1/decisions`, { headers: decisions, body });
const chain = async (id: string) => (await call(`${api.url.live}/v1/decisions?screening_id=${id}`, { headers: decisions })).body.data;

describe("twins in the screening lists", () => {
  it("share a subject_key, list each other as twins, and are listed once when grouped, by the oldest", async () => {
    const a = await screen("name=Maria%20Jane%20Cantwell");
    const b = await screen(`name=${encodeURIComponent("CANTWELL, Maria-Jane")}`);
    const c = await screen(`name=${encodeURIComponent("Mrs María Jane Cantwell")}`);
    const otherDob = await screen("name=Maria%20Jane%20Cantwell&date_of_birth=1958-10-13");
    for (const s of [a, b, c, otherDob]) expect(s.review_state).toBe("pending_review");
    expect(a.subject_key).toMatch(/^sub_/);
    expect(b.subject_key).toBe(a.subject_key);
    expect(c.subject_key).toBe(a.subject_key);
    expect(otherDob.subject_key).not.toBe(a.subject_key);
    expect((await screen("name=Jane%20Carter")).subject_key).toBeNull();

    const detail = await get(b.screening_id);
    expect(detail.twins.map((t: { screening_id: string }) => t.screening_id)).toEqual([a.screening_id, c.screening_id]);
    expect(detail.twins[0]).toMatchObject({ screened_at: a.screened_at, verification_id: null });

    const flat = (await list("review_state=pending_review&limit=100")).body.data as Listed[];
    expect(flat.filter((s) => s.subject_key === a.subject_key)).toHaveLength(3);
    const grouped = await list("review_state=pending_review&grouped=true&order=asc&limit=100");
    expect(grouped.status).toBe(200);
    const rows = grouped.body.data as Listed[];
    const group = rows.filter((s) => s.subject_key === a.subject_key);
    expect(group.map((s) => s.screening_id)).toEqual([a.screening_id]);
    expect(group[0]!.twins.map((t) => t.screening_id)).toEqual([b.screening_id, c.screening_id]);
    expect(rows.map((s) => s.screening_id)).toContain(otherDob.screening_id);
    // Oldest first: the group (screened first) comes before the other subject.
    expect(rows.findIndex((s) => s.screening_id === a.screening_id)).toBeLessThan(
      rows.findIndex((s) => s.screening_id === otherDob.screening_id),
    );

    // Grouped and paged one at a time: every group once, none repeated.
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page = await list(`review_state=pending_review&grouped=true&order=asc&limit=1${after ? `&after=${after}` : ""}`);
      seen.push(...(page.body.data as Listed[]).map((s) => s.screening_id));
      after = page.body.next_cursor;
    } while (after);
    expect(seen).toEqual(rows.map((s) => s.screening_id));
  });

  it("refuses bad list parameters", async () => {
    const grouped = await list("grouped=maybe");
    expect(grouped.status).toBe(400);
    expect(grouped.body.error).toMatchObject({ code: "invalid_field_value", param: "grouped" });
    const order = await list("order=sideways");
    expect(order.body.error).toMatchObject({ code: "invalid_field_value", param: "order" });
    // A cursor of one order given to the other.
    const page = await list("order=asc&limit=1");
    expect(page.body.next_cursor).toBeTruthy();
    expect((await list(`order=desc&after=${page.body.next_cursor}`)).body.error).toMatchObject({ param: "after" });
  });
});

describe("one review decides the group", () => {
  it("records the same review on every open twin, each with the analyst and a note, and leaves other subjects alone", async () => {
    const name = "Joseph Konyi";
    const [first, second, third] = [await screen(`name=${name}`), await screen(`name=${name}`), await screen(`name=${name}`)];
    const stranger = await screen(`name=${name}&date_of_birth=1961-09-18`);
    expect(second.subject_key).toBe(first.subject_key);
    expect(stranger.subject_key).not.toBe(first.subject_key);
    expect(stranger.review_state).toBe("pending_review");

    const made = await decide({
      screening_id: second.screening_id,
      decision: "allow",
      reason: "false_positive",
      notes: "Different person: born in another decade.",
      analyst_id: "ana_twins",
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      object: "decision",
      screening_id: second.screening_id,
      notes: "Different person: born in another decade.",
    });
    expect(made.body.decided_twins.map((t: { screening_id: string }) => t.screening_id)).toEqual([first.screening_id, third.screening_id]);

    for (const twin of [first, third]) {
      expect((await get(twin.screening_id)).review_state).toBe("false_positive");
      const records = await chain(twin.screening_id);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ decision: "allow", reason: "false_positive", analyst_id: "ana_twins", seq: 1 });
      expect(records[0].notes).toBe(
        `Decided together with its twin ${second.screening_id} (same subject, same listed entries). Different person: born in another decade.`,
      );
      expect(made.body.decided_twins).toContainEqual({ screening_id: twin.screening_id, decision_id: records[0].decision_id });
    }
    expect((await get(second.screening_id)).twins).toEqual([]);
    expect((await get(stranger.screening_id)).review_state).toBe("pending_review");
    expect(await chain(stranger.screening_id)).toEqual([]);

    // A correction of a decided screening has no open twin left to carry along.
    const corrected = await decide({ screening_id: first.screening_id, decision: "block", reason: "confirmed_fraud" });
    expect(corrected.body.decided_twins).toEqual([]);
    expect((await get(third.screening_id)).review_state).toBe("false_positive");
  });

  it("decides one screening alone with include_twins false", async () => {
    const one = await screen("name=Joseph%20Kony&lists=ofac");
    const two = await screen("name=Joseph%20Kony&lists=ofac");
    expect(one.subject_key).toMatch(/^sub_/);
    expect(two.subject_key).toBe(one.subject_key);
    const made = await decide({ screening_id: one.screening_id, decision: "challenge", reason: "manual_review", include_twins: false });
    expect(made.status).toBe(201);
    expect(made.body.decided_twins).toEqual([]);
    expect((await get(one.screening_id)).review_state).toBe("needs_information");
    expect((await get(two.screening_id)).review_state).toBe("pending_review");
    // needs_information still awaits a verdict: it stays in the group, and the next review decides both.
    expect((await get(two.screening_id)).twins.map((t: { screening_id: string }) => t.screening_id)).toEqual([one.screening_id]);
    const final = await decide({ screening_id: two.screening_id, decision: "block", reason: "confirmed_fraud" });
    expect(final.body.decided_twins).toEqual([{ screening_id: one.screening_id, decision_id: expect.stringMatching(/^dec_/) }]);
    expect((await get(one.screening_id)).review_state).toBe("true_match");
  });

  it("settles each twin's identity verification and suppresses the pair once", async () => {
    const body = person({ first_name: "Maria Jane", last_name: "Cantwell", date_of_birth: "1958-10-13" });
    const verify = (b: unknown) => call(`${api.url.live}/v1/identity/verify`, { headers, body: b });
    const v1 = await verify(body);
    const v2 = await verify(body);
    expect([v1.status, v2.status]).toEqual([202, 202]);
    const s1 = await get(v1.body.screening_id);
    expect((await get(v2.body.screening_id)).subject_key).toBe(s1.subject_key);
    const made = await decide({ screening_id: v2.body.screening_id, decision: "allow", reason: "false_positive" });
    expect(made.body.decided_twins).toHaveLength(1);
    for (const v of [v1, v2]) {
      expect((await call(`${api.url.live}/v1/identity/verifications/${v.body.verification_id}`, { headers })).body.status).toBe("verified");
    }
    expect((await screen(`user_id=${body.user_id}`)).status).toBe("clear");
  });

  it("refuses bad input before anything changes", async () => {
    const s = await screen("name=Maria%20Jane%20Cantwell&date_of_birth=1958-10-13");
    const withTxn = await decide({ transaction_id: "txn_x", decision: "allow", reason: "manual_review", include_twins: true });
    expect(withTxn.status).toBe(400);
    expect(withTxn.body.error).toMatchObject({ param: "include_twins" });
    const notBool = await decide({ screening_id: s.screening_id, decision: "allow", reason: "false_positive", include_twins: "yes" });
    expect(notBool.status).toBe(400);
    expect(notBool.body.error).toMatchObject({ param: "include_twins" });
    const unknown = await decide({ screening_id: "scr_nope", decision: "allow", reason: "false_positive" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: "resource_not_found", param: "screening_id" });
    const contradiction = await decide({ screening_id: s.screening_id, decision: "block", reason: "false_positive" });
    expect(contradiction.status).toBe(422);
    expect((await get(s.screening_id)).review_state).toBe("pending_review");
  });

  it("two reviewers deciding two twins at once: one review decides both, the other corrects", async () => {
    const one = await screen("name=Ayman%20al-Zawahiri");
    const two = await screen("name=Ayman%20al-Zawahiri");
    const [r1, r2] = await Promise.all([
      decide({ screening_id: one.screening_id, decision: "block", reason: "confirmed_fraud", analyst_id: "ana_a" }),
      decide({ screening_id: two.screening_id, decision: "block", reason: "confirmed_fraud", analyst_id: "ana_b" }),
    ]);
    expect([r1.status, r2.status]).toEqual([201, 201]);
    // Whoever locked the group first decided both; the other's twin was no longer open.
    expect([r1.body.decided_twins.length, r2.body.decided_twins.length].sort()).toEqual([0, 1]);
    const seqs = [...(await chain(one.screening_id)), ...(await chain(two.screening_id))].map((d: { seq: number }) => d.seq).sort();
    expect(seqs).toEqual([1, 1, 2]);
  });
});

describe("four-eyes on a grouped review", () => {
  it("holds one approval for the group; approved, it decides every open twin, the maker's review on each", async () => {
    const ACCOUNT = "twins-four-eyes";
    const key = bearer((await api.key({ account: ACCOUNT })).key);
    const admin = await api.consoleToken((await api.analyst({ role: "admin", account: ACCOUNT })).id);
    const maker = (await api.analyst({ role: "analyst", account: ACCOUNT })).id;
    const lead = (await api.analyst({ role: "lead", account: ACCOUNT })).id;
    const put = await call(`${api.url.live}/api/v1/policies/approvals`, {
      method: "PUT",
      headers: { authorization: `Bearer ${admin}` },
      body: { case_false_positive_min_exposure: null, screening_review: true, score_policy_publish: false },
    });
    expect(put.status).toBe(200);
    const at = (path: string, body?: unknown) => call(`${api.url.live}${path}`, { headers: key, body });
    const one = (await at("/v1/identity/watchlist?name=Joseph%20Kony")).body;
    const two = (await at("/v1/identity/watchlist?name=Joseph%20Kony")).body;

    const held = await at("/v1/decisions", {
      screening_id: two.screening_id,
      decision: "block",
      reason: "confirmed_fraud",
      analyst_id: maker,
    });
    expect(held.status).toBe(202);
    expect(held.body).toMatchObject({ action: "screening_review", object_id: two.screening_id, maker_id: maker });
    for (const s of [one, two]) expect((await at(`/v1/identity/screenings/${s.screening_id}`)).body.review_state).toBe("pending_review");
    expect((await at("/v1/approvals?status=pending")).body.data).toHaveLength(1);

    const approved = await call(`${api.url.live}/api/v1/approvals/${held.body.approval_id}/approve`, {
      headers: { authorization: `Bearer ${await api.consoleToken(lead)}` },
      body: { reason: "Same person, same entries." },
    });
    expect(approved.status).toBe(200);
    for (const s of [one, two]) expect((await at(`/v1/identity/screenings/${s.screening_id}`)).body.review_state).toBe("true_match");
    const twin = (await at(`/v1/decisions?screening_id=${one.screening_id}`)).body.data;
    expect(twin).toHaveLength(1);
    expect(twin[0]).toMatchObject({ analyst_id: maker, reason: "confirmed_fraud" });
    expect(twin[0].notes).toContain(`twin ${two.screening_id}`);
  });
});
