import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { score, scoreBody, uniq } from "../../../test/score-helpers";
import { screenPerson } from "../../../domain/screening";

// Four-eyes (server/domain/approvals/README.md): actions the approval policy names become pending
// approvals that change nothing until another lead or admin approves them.

const ACCOUNT = "four-eyes-co";
let api: TestApi;
let key: string;
let accountId: string;
let admin: string;
let maker: string;
let lead1: string;
let lead2: string;
let plain: string;
beforeAll(async () => {
  api = await startTestApi();
  const k = await api.key({ account: ACCOUNT });
  key = k.key;
  accountId = k.accountId;
  admin = await api.consoleToken((await api.analyst({ role: "admin", account: ACCOUNT })).id);
  maker = (await api.analyst({ role: "analyst", account: ACCOUNT })).id;
  lead1 = (await api.analyst({ role: "lead", account: ACCOUNT })).id;
  lead2 = (await api.analyst({ role: "lead", account: ACCOUNT })).id;
  plain = (await api.analyst({ role: "analyst", account: ACCOUNT })).id;
  await api.deps.watchlists.get();
});
afterAll(() => api?.close());

const url = (path: string) => `${api.url.live}${path}`;
const console_ = (token: string) => ({ authorization: `Bearer ${token}` });
const putPolicy = (body: unknown, headers: Record<string, string> = {}, token = admin) =>
  call(url("/api/v1/policies/approvals"), { method: "PUT", headers: { ...console_(token), ...headers }, body });
// Deciding is a dashboard route: the decider is the analyst the console token proves.
const approve = async (id: string, actor: string, reason: string | undefined = "Checked the evidence.") =>
  call(url(`/api/v1/approvals/${id}/approve`), { headers: console_(await api.consoleToken(actor)), body: { reason } });
const reject = async (id: string, actor: string, reason?: string) =>
  call(url(`/api/v1/approvals/${id}/reject`), { headers: console_(await api.consoleToken(actor)), body: { reason } });
const getCase = async (id: string) => (await call(url(`/v1/cases/${id}`), { headers: bearer(key) })).body;
const patchCase = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  call(url(`/v1/cases/${id}`), { method: "PATCH", headers: { ...bearer(key), ...headers }, body });

/** A case linking one transaction of `amount`. */
async function caseWith(amount: number) {
  const t = await score(api, bearer(key), scoreBody({ amount }));
  const c = await call(url("/v1/cases"), {
    headers: bearer(key),
    body: { title: "Refunds", case_type: "payment_fraud", transaction_ids: [t.body.transaction_id], actor_id: maker },
  });
  return c.body.case_id as string;
}
const resolveFp = (id: string, headers: Record<string, string> = {}) =>
  patchCase(id, { status: "resolved", resolution: "false_positive", notes: "Customer confirmed.", actor_id: maker }, headers);

describe("the approval policy", () => {
  it("is off until an admin writes it, versioned with ETag and If-Match; analysts and leads only read it", async () => {
    const read = await call(url("/api/v1/policies/approvals"), { headers: console_(await api.consoleToken(plain)) });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      object: "approval_policy",
      case_false_positive_min_exposure: null,
      screening_review: false,
      score_policy_publish: false,
      version: 0,
    });
    const body = { case_false_positive_min_exposure: 10_000, screening_review: true, score_policy_publish: true };
    expect((await putPolicy(body, {}, await api.consoleToken(lead1))).status).toBe(403);
    const put = await putPolicy(body, { "if-match": '"0"' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ ...body, version: 1 });
    expect(put.headers.get("etag")).toBe('"1"');
    expect((await putPolicy(body, { "if-match": '"0"' })).status).toBe(409);
    expect((await putPolicy({ ...body, case_false_positive_min_exposure: -1 })).body.error.param).toBe("case_false_positive_min_exposure");
  });
});

describe("four-eyes on a case resolved as false_positive", () => {
  beforeAll(async () => {
    expect((await putPolicy({ case_false_positive_min_exposure: 10_000, screening_review: true, score_policy_publish: true })).status).toBe(
      200,
    );
  });

  it("holds a resolution at or above the exposure and changes nothing; a lead other than the maker approves it and it applies as the maker sent it", async () => {
    const id = await caseWith(10_000);
    const held = await resolveFp(id);
    expect(held.status).toBe(202);
    expect(held.body).toMatchObject({
      object: "approval",
      action: "case_resolution",
      object_id: id,
      object_version: 1,
      maker_id: maker,
      status: "pending",
    });
    expect(held.body.request).toMatchObject({ status: "resolved", resolution: "false_positive", exposure: 10_000 });
    expect(await getCase(id)).toMatchObject({ status: "open", resolution: null, version: 1 });
    const pending = await call(url("/v1/approvals?status=pending"), { headers: bearer(key) });
    expect(pending.body.data.map((a: { approval_id: string }) => a.approval_id)).toContain(held.body.approval_id);

    // The maker, and an analyst without the lead or admin role, may not decide it.
    expect((await approve(held.body.approval_id, maker)).status).toBe(403);
    expect((await approve(held.body.approval_id, plain)).status).toBe(403);
    expect((await approve(held.body.approval_id, lead1, "  ")).status).toBe(400);
    const forged = await call(url(`/api/v1/approvals/${held.body.approval_id}/approve`), {
      headers: console_(await api.consoleToken(lead1, { sessionId: "ses_forged" })),
      body: { reason: "Looks fine." },
    });
    expect(forged.status).toBe(401);
    const ok = await approve(held.body.approval_id, lead1);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: "approved", decider_id: lead1, reason: "Checked the evidence." });
    const c = await getCase(id);
    expect(c).toMatchObject({ status: "resolved", resolution: "false_positive", version: 2 });
    expect(c.events.find((e: { action: string }) => e.action === "status_changed").actor_id).toBe(maker);
    // Decided once.
    const again = await approve(held.body.approval_id, lead2);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("approval_decided");
  });

  it("applies at once below the exposure and for other outcomes", async () => {
    expect((await resolveFp(await caseWith(9_999))).status).toBe(200);
    const id = await caseWith(50_000);
    expect((await patchCase(id, { status: "resolved", resolution: "confirmed_fraud", actor_id: maker })).status).toBe(200);
  });

  it("is rejected with a reason and nothing changes", async () => {
    const id = await caseWith(20_000);
    const held = (await resolveFp(id)).body;
    expect((await reject(held.approval_id, lead1)).status).toBe(400);
    const r = await reject(held.approval_id, lead1, "The refunds say otherwise.");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "rejected", reason: "The refunds say otherwise.", decider_id: lead1 });
    expect(await getCase(id)).toMatchObject({ status: "open", version: 1 });
    expect((await approve(held.approval_id, lead2)).status).toBe(409);
  });

  it("lets exactly one of two approvers at once decide", async () => {
    const id = await caseWith(30_000);
    const held = (await resolveFp(id)).body;
    const rs = await Promise.all([
      approve(held.approval_id, lead1),
      approve(held.approval_id, lead2),
      reject(held.approval_id, lead2, "No."),
    ]);
    expect(rs.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const c = await getCase(id);
    expect(c.events.filter((e: { action: string }) => e.action === "status_changed")).toHaveLength(
      rs[0]!.status === 200 || rs[1]!.status === 200 ? 1 : 0,
    );
  });

  it("fails the approval with 409 when the case changed since the maker saw it", async () => {
    const id = await caseWith(40_000);
    const held = (await resolveFp(id)).body;
    expect((await patchCase(id, { severity: "high" })).status).toBe(200);
    const r = await approve(held.approval_id, lead1);
    expect(r.status).toBe(409);
    // Surface B's name for a version conflict (DESIGN.md "Versions and conflicts").
    expect(r.body.error.code).toBe("CONFLICT");
    const after = await call(url(`/v1/approvals/${held.approval_id}`), { headers: bearer(key) });
    expect(after.body).toMatchObject({ status: "failed", decider_id: lead1 });
    expect(await getCase(id)).toMatchObject({ status: "open", severity: "high" });
    // A stale If-Match is refused before anything is held.
    expect((await resolveFp(id, { "if-match": '"1"' })).status).toBe(409);
  });
});

describe("who decides", () => {
  beforeAll(async () => {
    expect((await putPolicy({ case_false_positive_min_exposure: 10_000, screening_review: true, score_policy_publish: true })).status).toBe(
      200,
    );
  });

  it("is never an API key naming a lead in actor_id: the approval stays pending and the case unchanged", async () => {
    const id = await caseWith(60_000);
    const heldResponse = await resolveFp(id);
    expect(heldResponse.status).toBe(202);
    const held = heldResponse.body;
    const viaKey = await call(url(`/v1/approvals/${held.approval_id}/approve`), { headers: bearer(key), body: { actor_id: lead1 } });
    expect(viaKey.status).not.toBe(200);
    const viaKeyReject = await call(url(`/v1/approvals/${held.approval_id}/reject`), {
      headers: bearer(key),
      body: { actor_id: lead1, reason: "No." },
    });
    expect(viaKeyReject.status).not.toBe(200);
    const keyOnDashboard = await call(url(`/api/v1/approvals/${held.approval_id}/approve`), {
      headers: bearer(key),
      body: { reason: "Fine." },
    });
    expect(keyOnDashboard.status).toBe(403);
    const still = await call(url(`/v1/approvals/${held.approval_id}`), { headers: bearer(key) });
    expect(still.body).toMatchObject({ status: "pending", decider_id: null });
    expect(await getCase(id)).toMatchObject({ status: "open", resolution: null, version: 1 });
    // The signed-in lead decides, and is the one recorded.
    const byLead = await approve(held.approval_id, lead2);
    expect(byLead.body).toMatchObject({ status: "approved", decider_id: lead2 });
    expect(await getCase(id)).toMatchObject({ status: "resolved", resolution: "false_positive" });
  });

  it("shows an analyst only the approvals they asked for, unless asked about one object; leads see all", async () => {
    const id = await caseWith(70_000);
    const held = (await resolveFp(id)).body;
    const list = async (who: string, query = "") =>
      (await call(url(`/api/v1/approvals?status=pending${query}`), { headers: console_(await api.consoleToken(who)) })).body as {
        data: { approval_id: string; maker_id: string }[];
      };
    const mine = await list(maker);
    expect(mine.data.map((a) => a.approval_id)).toContain(held.approval_id);
    expect(mine.data.every((a) => a.maker_id === maker)).toBe(true);
    expect((await list(plain)).data.map((a) => a.approval_id)).not.toContain(held.approval_id);
    expect((await list(plain, `&object_id=${id}`)).data.map((a) => a.approval_id)).toEqual([held.approval_id]);
    expect((await list(lead1)).data.map((a) => a.approval_id)).toContain(held.approval_id);
    const one = await call(url(`/api/v1/approvals/${held.approval_id}`), { headers: console_(await api.consoleToken(plain)) });
    expect(one.body).toMatchObject({ approval_id: held.approval_id, status: "pending" });
  });
});

describe("four-eyes on watchlist reviews and score policy publishing", () => {
  it("holds a true_match review until a lead approves it", async () => {
    const s = await screenPerson(
      api.deps.database.db,
      { scope: { accountId, environment: "live" }, deps: api.deps },
      { userId: uniq("w"), name: "Joseph Kony", source: "api" },
    );
    const held = await call(url("/v1/decisions"), {
      headers: bearer(key),
      body: { screening_id: s.id, decision: "block", reason: "confirmed_fraud", analyst_id: maker },
    });
    expect(held.status).toBe(202);
    expect(held.body).toMatchObject({ action: "screening_review", object_id: s.id, maker_id: maker });
    const before = await call(url(`/v1/identity/screenings/${s.id}`), { headers: bearer(key) });
    expect(before.body.review_state).toBe("pending_review");
    expect((await approve(held.body.approval_id, lead1)).status).toBe(200);
    const after = await call(url(`/v1/identity/screenings/${s.id}`), { headers: bearer(key) });
    expect(after.body.review_state).toBe("true_match");
  });

  it("holds a score policy write that changes the bands until another lead or admin approves it", async () => {
    const adminId = (await api.analyst({ role: "admin", account: ACCOUNT })).id;
    const token = await api.consoleToken(adminId);
    const held = await call(url("/api/v1/policies"), {
      method: "PATCH",
      headers: console_(token),
      body: { score_bands: { block: 90, challenge: 60 } },
    });
    expect(held.status).toBe(202);
    expect(held.body).toMatchObject({ action: "score_policy_publish", object_id: "score", maker_id: adminId });
    expect((await call(url("/api/v1/policies"), { headers: console_(token) })).body.score_bands).not.toEqual({ block: 90, challenge: 60 });
    expect((await approve(held.body.approval_id, adminId)).status).toBe(403);
    expect((await approve(held.body.approval_id, lead2)).status).toBe(200);
    expect((await call(url("/api/v1/policies"), { headers: console_(token) })).body.score_bands).toEqual({ block: 90, challenge: 60 });
    // Retention alone is not publishing.
    expect((await call(url("/api/v1/policies"), { method: "PATCH", headers: console_(token), body: { retention_days: 400 } })).status).toBe(
      200,
    );
  });
});

describe("the audit", () => {
  it("records every approval requested and decided in the account's audit-log export", async () => {
    const start = new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d+Z$/, "Z");
    const end = new Date(Date.now() + 60_000).toISOString().replace(/\.\d+Z$/, "Z");
    const r = await call(url(`/api/v1/audit-log?start_time=${start}&end_time=${end}`), { headers: console_(admin) });
    expect(r.status).toBe(200);
    const lines = r.text
      .trim()
      .split("\n")
      .map((l: string) => JSON.parse(l) as { type: string; actor: string; data: Record<string, unknown> });
    const requested = lines.filter((l) => l.type === "approval.requested");
    expect(requested.length).toBeGreaterThanOrEqual(5);
    expect(requested.every((l) => typeof l.data.maker_id === "string" && l.actor === l.data.maker_id)).toBe(true);
    expect(lines.some((l) => l.type === "approval.approved" && l.actor === lead1)).toBe(true);
    expect(lines.some((l) => l.type === "approval.rejected" && l.data.reason === "The refunds say otherwise.")).toBe(true);
    expect(lines.some((l) => l.type === "approval.failed")).toBe(true);
  });
});
