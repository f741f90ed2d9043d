import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { score, scoreBody } from "../../../test/score-helpers";
import { raiseAlert } from "../../../domain/alerts/raise";
import { isSampled } from "../../../domain/quality/draw";

// Blind second review (server/domain/quality/README.md): a share of resolved cases is drawn; the
// second analyst never sees the first resolution before giving theirs; leads read the rates.

let api: TestApi;
let key: string;
let accountId: string;
const ACCOUNT = "quality-co";
const ids: Record<string, string> = {};
const tokens: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  api = await startTestApi();
  const k = await api.key({ account: ACCOUNT });
  key = k.key;
  accountId = k.accountId;
  for (const [name, role] of [
    ["a", "analyst"],
    ["b", "analyst"],
    ["c", "analyst"],
    ["lead", "lead"],
    ["admin", "admin"],
  ] as const) {
    ids[name] = (await api.analyst({ role, account: ACCOUNT })).id;
    tokens[name] = bearer(await api.consoleToken(ids[name]!));
  }
});
afterAll(() => api?.close());

const url = (path: string) => `${api.url.live}${path}`;
const setRate = (rate: unknown) =>
  call(url("/api/v1/policies/quality-review"), { method: "PUT", headers: tokens.admin, body: { sample_rate: rate } });
const queue = (who: string, status = "pending") => call(url(`/api/v1/quality-reviews?status=${status}`), { headers: tokens[who] });
const review = (who: string, id: string) => call(url(`/api/v1/quality-reviews/${id}`), { headers: tokens[who] });
const submit = (who: string, id: string, resolution: string, notes?: string) =>
  call(url(`/api/v1/quality-reviews/${id}/submit`), { headers: tokens[who], body: { resolution, ...(notes ? { notes } : {}) } });

/** A case resolved by `who` with `resolution`: an investigation note first, then the resolving PATCH with its own note. */
async function resolvedCase(who: string, resolution: string, extra: { alertIds?: string[]; transactionIds?: string[] } = {}) {
  const created = await call(url("/v1/cases"), {
    headers: bearer(key),
    body: {
      title: "Card ring",
      case_type: "payment_fraud",
      notes: "Looked at the BIN and the device",
      actor_id: ids[who],
      ...(extra.alertIds ? { alert_ids: extra.alertIds } : {}),
      ...(extra.transactionIds ? { transaction_ids: extra.transactionIds } : {}),
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.case_id as string;
  const resolved = await call(url(`/v1/cases/${id}`), {
    method: "PATCH",
    headers: bearer(key),
    body: { status: "resolved", resolution, notes: `FIRST-VERDICT-NOTE ${resolution}`, actor_id: ids[who] },
  });
  expect(resolved.status).toBe(200);
  return id;
}

async function reviewOf(caseId: string, who = "lead"): Promise<string | undefined> {
  const list = await call(url("/api/v1/quality-reviews?limit=100"), { headers: tokens[who] });
  return (list.body.data as { review_id: string; case: { case_id: string } }[]).find((r) => r.case.case_id === caseId)?.review_id;
}

async function reviewCount(): Promise<number> {
  const db = api.deps.database.db;
  const r = await db.execute(sql`select count(*)::int as n from quality_reviews where account_id = ${accountId}`);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

describe("the quality review policy", () => {
  it("defaults to 5 %, refuses bad rates naming the field, and only admins write it", async () => {
    const r = await call(url("/api/v1/policies/quality-review"), { headers: tokens.a });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "quality_review_policy", sample_rate: 0.05, version: 0 });
    expect(r.headers.get("etag")).toBe('"0"');
    for (const [body, code] of [
      [{ sample_rate: 1.5 }, "invalid_field_value"],
      [{ sample_rate: -0.1 }, "invalid_field_value"],
      [{ sample_rate: "all" }, "invalid_field_value"],
      [{}, "missing_required_field"],
    ] as const) {
      const bad = await call(url("/api/v1/policies/quality-review"), { method: "PUT", headers: tokens.admin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error).toMatchObject({ code, param: "sample_rate" });
    }
    expect(
      (await call(url("/api/v1/policies/quality-review"), { method: "PUT", headers: tokens.lead, body: { sample_rate: 1 } })).status,
    ).toBe(403);
    const put = await call(url("/api/v1/policies/quality-review"), {
      method: "PUT",
      headers: { ...tokens.admin, "if-match": '"0"' },
      body: { sample_rate: 1 },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ sample_rate: 1, version: 1, updated_by: ids.admin });
    const stale = await call(url("/api/v1/policies/quality-review"), {
      method: "PUT",
      headers: { ...tokens.admin, "if-match": '"0"' },
      body: { sample_rate: 0.5 },
    });
    expect(stale.status).toBe(409);
  });

  it("draws by a hash of the case id: the same case always falls the same way", () => {
    expect(isSampled("case_x", 1)).toBe(true);
    expect(isSampled("case_x", 0)).toBe(false);
    const drawn = Array.from({ length: 2000 }, (_, i) => isSampled(`case_${i}`, 0.05)).filter(Boolean).length;
    expect(drawn).toBeGreaterThan(60); // 5 % of 2000 is 100; a fair hash stays well inside 60–140
    expect(drawn).toBeLessThan(140);
  });
});

describe("the blind second review", () => {
  let caseId: string;
  let reviewId: string;

  it("draws every resolved case at rate 1.0 and none at 0.0", async () => {
    expect((await setRate(0)).status).toBe(200);
    const before = await reviewCount();
    await resolvedCase("a", "confirmed_fraud");
    expect(await reviewCount()).toBe(before);
    expect((await setRate(1)).status).toBe(200);
    const tx = await score(api, bearer(key), scoreBody());
    const alert = await raiseAlert(
      api.deps.database.db,
      api.deps.jobs,
      { accountId, environment: "live" },
      {
        type: "card_testing",
        key: "quality-1",
        confidence: 0.8,
        userIds: [],
        transactionIds: [],
        summary: "ten cards from one device",
      },
    );
    caseId = await resolvedCase("a", "confirmed_fraud", { alertIds: [alert.alert.id], transactionIds: [tx.body.transaction_id] });
    expect(await reviewCount()).toBe(before + 1);
    reviewId = (await reviewOf(caseId))!;
    expect(reviewId).toMatch(/^qr_/);
  });

  it("keeps the first resolution out of every response before submission", async () => {
    const listB = await queue("b");
    expect(listB.body.data.map((r: { review_id: string }) => r.review_id)).toContain(reviewId);
    const detail = await review("b", reviewId);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ status: "pending", first: null, second: null, agreed: null, overturned: null });
    expect(detail.body.notes_before_resolution).toEqual([expect.objectContaining({ note: "Looked at the BIN and the device" })]);
    expect(detail.body.transactions).toHaveLength(1);
    expect(detail.body.alerts).toEqual([expect.objectContaining({ summary: "ten cards from one device" })]);
    for (const r of [listB, detail, await review("lead", reviewId), await queue("c")]) {
      expect(r.text).not.toContain("confirmed_fraud");
      expect(r.text).not.toContain("FIRST-VERDICT-NOTE");
      expect(r.text).not.toContain(ids.a);
      expect(r.text).not.toMatch(/"resolution"/);
    }
  });

  it("leaves the case out of its first analyst's queue and refuses their submission", async () => {
    expect((await queue("a")).body.data.map((r: { review_id: string }) => r.review_id)).not.toContain(reviewId);
    const mine = await submit("a", reviewId, "confirmed_fraud");
    expect(mine.status).toBe(403);
    expect((await review("b", reviewId)).body.status).toBe("pending");
  });

  it("records the second resolution once and reveals the first; a second submission is 409", async () => {
    const done = await submit("b", reviewId, "false_positive", "Cards were the customer's own");
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: "completed",
      first: {
        analyst_id: ids.a,
        resolution: "confirmed_fraud",
        notes: [expect.objectContaining({ note: "FIRST-VERDICT-NOTE confirmed_fraud" })],
      },
      second: { analyst_id: ids.b, resolution: "false_positive", notes: "Cards were the customer's own" },
      agreed: false,
      overturned: true,
    });
    const again = await submit("b", reviewId, "confirmed_fraud");
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("quality_review_completed");
    expect((await submit("c", reviewId, "confirmed_fraud")).status).toBe(409);
    expect((await queue("c")).body.data.map((r: { review_id: string }) => r.review_id)).not.toContain(reviewId);
    expect((await queue("c", "completed")).body.data.map((r: { review_id: string }) => r.review_id)).toContain(reviewId);
    expect((await review("c", reviewId)).body.first.resolution).toBe("confirmed_fraud");
  });

  it("draws a case once, even when two requests resolve it at the same time or it is resolved again", async () => {
    const created = await call(url("/v1/cases"), { headers: bearer(key), body: { title: "Race", case_type: "payment_fraud" } });
    const id = created.body.case_id as string;
    const before = await reviewCount();
    const both = await Promise.all(
      ["a", "c"].map((who) =>
        call(url(`/v1/cases/${id}`), {
          method: "PATCH",
          headers: bearer(key),
          body: { status: "resolved", resolution: "inconclusive", actor_id: ids[who] },
        }),
      ),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await reviewCount()).toBe(before + 1);
    await call(url(`/v1/cases/${id}`), { method: "PATCH", headers: bearer(key), body: { status: "in_review" } });
    await call(url(`/v1/cases/${id}`), {
      method: "PATCH",
      headers: bearer(key),
      body: { status: "resolved", resolution: "false_positive" },
    });
    expect(await reviewCount()).toBe(before + 1);
  });

  it("draws a resolution applied by an approval, with its maker as the first analyst", async () => {
    const policy = (body: unknown) => call(url("/api/v1/policies/approvals"), { method: "PUT", headers: tokens.admin, body });
    expect((await policy({ case_false_positive_min_exposure: 0, screening_review: false, score_policy_publish: false })).status).toBe(200);
    const created = await call(url("/v1/cases"), { headers: bearer(key), body: { title: "Held", case_type: "payment_fraud" } });
    const id = created.body.case_id as string;
    const held = await call(url(`/v1/cases/${id}`), {
      method: "PATCH",
      headers: bearer(key),
      body: { status: "resolved", resolution: "false_positive", actor_id: ids.a },
    });
    expect(held.status).toBe(202);
    expect(await reviewOf(id)).toBeUndefined();
    const approved = await call(url(`/api/v1/approvals/${held.body.approval_id}/approve`), {
      headers: tokens.lead,
      body: { reason: "Checked the evidence." },
    });
    expect(approved.status).toBe(200);
    const rid = (await reviewOf(id, "b"))!;
    expect(rid).toBeDefined();
    expect(await reviewOf(id, "a")).toBeUndefined(); // the maker's own queue leaves it out
    expect((await submit("b", rid, "false_positive")).body).toMatchObject({
      first: { analyst_id: ids.a, resolution: "false_positive" },
      agreed: true,
    });
    expect((await policy({ case_false_positive_min_exposure: null, screening_review: false, score_policy_publish: false })).status).toBe(
      200,
    );
  });

  it("404s an unknown review and a review of another account", async () => {
    expect((await review("b", "qr_nope")).status).toBe(404);
    const other = await api.analyst({ role: "lead", account: "quality-other" });
    const r = await call(url(`/api/v1/quality-reviews/${reviewId}`), { headers: bearer(await api.consoleToken(other.id)) });
    expect(r.status).toBe(404);
  });
});

describe("the report for leads", () => {
  it("counts agreement and overturns per first analyst and per week", async () => {
    // Analyst c resolves four cases; its reviewers agree twice, overturn once (confirmed_fraud → false_positive)
    // and disagree once without an overturn (inconclusive → confirmed_fraud). One of the agreements is a week older.
    const pairs: [string, string, string][] = [
      ["confirmed_fraud", "false_positive", "a"],
      ["false_positive", "false_positive", "b"],
      ["inconclusive", "confirmed_fraud", "b"],
      ["confirmed_fraud", "confirmed_fraud", "a"],
    ];
    const reviewIds: string[] = [];
    for (const [first, second, reviewer] of pairs) {
      const id = await resolvedCase("c", first);
      const rid = (await reviewOf(id, reviewer))!;
      expect((await submit(reviewer, rid, second)).status).toBe(200);
      reviewIds.push(rid);
    }
    await api.deps.database.db.execute(
      sql`update quality_reviews set completed_at = completed_at - interval '7 days' where id = ${reviewIds[3]!}`,
    );
    const r = await call(url("/api/v1/quality-reviews/report"), { headers: tokens.lead });
    expect(r.status).toBe(200);
    const c = r.body.analysts.find((x: { analyst_id: string }) => x.analyst_id === ids.c);
    expect(c).toMatchObject({ reviewed: 4, agreed: 2, overturned: 1, agreement_rate: 0.5, overturn_rate: 0.25 });
    expect(c.weeks).toHaveLength(2);
    expect(c.weeks[0]).toMatchObject({ reviewed: 1, agreed: 1, overturned: 0, agreement_rate: 1, overturn_rate: 0 });
    expect(c.weeks[1]).toMatchObject({ reviewed: 3, agreed: 1, overturned: 1, agreement_rate: 0.3333, overturn_rate: 0.3333 });
    expect(new Date(`${c.weeks[0].week_start}T00:00:00Z`).getUTCDay()).toBe(1); // a Monday
    const a = r.body.analysts.find((x: { analyst_id: string }) => x.analyst_id === ids.a);
    expect(a).toMatchObject({ reviewed: 2, agreed: 1, overturned: 1 }); // the first review, and the approved one
    // A period that ends before the older review was completed leaves the newer ones out.
    const old = await call(url(`/api/v1/quality-reviews/report?end_time=${new Date(Date.now() - 3 * 86_400_000).toISOString()}`), {
      headers: tokens.lead,
    });
    expect(old.body.analysts.find((x: { analyst_id: string }) => x.analyst_id === ids.c)).toMatchObject({ reviewed: 1, agreed: 1 });
  });

  it("is for leads and admins, and refuses a period over a year naming end_time", async () => {
    expect((await call(url("/api/v1/quality-reviews/report"), { headers: tokens.b })).status).toBe(403);
    const long = await call(url("/api/v1/quality-reviews/report?start_time=2024-01-01&end_time=2025-06-01"), { headers: tokens.admin });
    expect(long.status).toBe(400);
    expect(long.body.error.param).toBe("end_time");
  });
});
