import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiProcess, type ApiProcess } from "../../test/api-process";
import { freshDatabase, onPostgres } from "../../test/database";
import { stopChild } from "../../tools/lib/children";
import { waitForHttp } from "../../tools/lib/net";
import { CONSOLE_AUDIENCE, CONSOLE_ISSUER } from "../../http/console-auth";
import { TEAM } from "./team";

// The first start with its demo history, as `npm start` runs it on an empty embedded database:
// a real API process on a temporary data folder, then the console's view of the result through
// the API (the same questions the overview, queues, desk and quality pages ask).

const DAY = 86_400_000;
type Body = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary JSON bodies

let api: ApiProcess;
let dir: string;
let key: string;
let consoleToken: (sub: string, claims: Record<string, string>) => Promise<string>;
let adminToken: string;
let accountId: string;

const get = async (url: string, bearer: string): Promise<Body> => {
  const r = await fetch(url, { headers: { authorization: `Bearer ${bearer}` } });
  expect(r.status, `${url}: ${await r.clone().text()}`).toBe(200);
  return r.json();
};
/** Every page of a Surface A list. */
const all = async (pathAndQuery: string): Promise<Body[]> => {
  const out: Body[] = [];
  for (let after = ""; ;) {
    const page = await get(`${api.testBase}${pathAndQuery}&limit=100${after ? `&after=${encodeURIComponent(after)}` : ""}`, key);
    out.push(...page.data);
    if (!page.has_more) return out;
    after = page.next_cursor;
  }
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-history-"));
  api = await startApiProcess(
    { ARGUS_DATA_DIR: dir, ARGUS_NO_DEMO: "0", ARGUS_LOG_LEVEL: "info" },
    { ready: false, name: "API (history)" },
  );
  await waitForHttp(`${api.base}/readyz`, { timeoutMs: 240_000, child: api.child, what: "the API with its demo history" });
  const env = Object.fromEntries(
    fs
      .readFileSync(path.join(dir, "console.env"), "utf8")
      .split("\n")
      .filter((l) => l.includes("="))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
  key = env.ARGUS_CONSOLE_TEST_KEY!;
  accountId = env.ARGUS_CONSOLE_ACCOUNT_ID!;
  const secret = new TextEncoder().encode(env.ARGUS_CONSOLE_SECRET);
  consoleToken = (sub, claims) =>
    new SignJWT({ account_id: accountId, ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(sub)
      .setIssuer(CONSOLE_ISSUER)
      .setAudience(CONSOLE_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(secret);
  // Signing in as the console does: the bootstrap admin's password, its own session.
  const password = /password=(.*)/.exec(fs.readFileSync(path.join(dir, "admin-credentials.txt"), "utf8"))![1]!;
  const signIn = await fetch(`${api.testBase}/api/v1/analysts/authenticate`, {
    method: "POST",
    headers: { authorization: `Bearer ${await consoleToken("console", {})}`, "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@argus.local", password }),
  });
  expect(signIn.status).toBe(200);
  const session = (await signIn.json()) as Body;
  adminToken = await consoleToken(session.analyst.id, { sid: session.session_id });
}, 300_000);

afterAll(async () => {
  if (api) await stopChild(api.child);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the first start's demo history", () => {
  it("logs what it replayed, within its time budget, before the listeners opened", () => {
    const out = api.child.output();
    const line = out.split("\n").find((l) => l.includes("demo history replayed"));
    expect(line, out.slice(-3000)).toBeDefined();
    const summary = JSON.parse(line!) as Body;
    expect(summary.seconds).toBeLessThan(180);
    expect(out.indexOf("demo history replayed")).toBeLessThan(out.indexOf('"listening"'));
  });

  it("leaves cases resolved over at least 10 days by three analysts and a lead, SLAs met and breached", async () => {
    const analysts = (await get(`${api.testBase}/api/v1/analysts`, adminToken)).data as Body[];
    const team = TEAM.map((t) => analysts.find((a) => a.email === t.email));
    expect(team.every(Boolean)).toBe(true);
    const resolved = await all("/v1/cases?status=resolved");
    const days = new Set(resolved.map((c) => String(c.updated_at).slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(10);
    for (const member of team) expect(resolved.some((c) => c.assignee_id === member.id)).toBe(true);
    expect(new Set(resolved.map((c) => c.resolution))).toEqual(new Set(["confirmed_fraud", "false_positive", "inconclusive"]));
    expect((await all("/v1/cases?sla_state=breached")).length).toBeGreaterThan(0);
    expect((await all("/v1/cases?sla_state=met")).length).toBeGreaterThan(0);
    // The history's backlog: cases opened days ago still waiting.
    const waiting = [...(await all("/v1/cases?status=open")), ...(await all("/v1/cases?status=in_review"))];
    expect(waiting.some((c) => Date.parse(c.created_at) < Date.now() - DAY)).toBe(true);
  });

  it("puts no timestamp in the future and keeps every hash chain whole", async () => {
    const cases = await all("/v1/cases?sort=created_at");
    const alerts = await all("/v1/alerts?status=all");
    const now = Date.now() + 1000;
    for (const item of [...cases, ...alerts]) {
      expect(Date.parse(item.created_at)).toBeLessThanOrEqual(now);
      expect(Date.parse(item.updated_at)).toBeLessThanOrEqual(now);
    }
    const oldest = Math.min(...cases.map((c) => Date.parse(c.created_at)));
    expect(oldest).toBeLessThan(Date.now() - 12 * DAY);
    for (const c of cases.filter((x) => x.status === "resolved").slice(0, 12)) {
      const exported = await get(`${api.testBase}/v1/cases/${c.case_id}/export`, key);
      expect(exported.chains.audit.verified).toBe(true);
      expect(exported.chains.decisions.verified).toBe(true);
      // The analyst's decisions (the labels backtests read) sit on the transactions of a verdict.
      if (c.resolution !== "inconclusive" && c.transaction_ids.length > 0) expect(exported.chains.decisions.entries).toBeGreaterThan(0);
    }
  });

  it("gives the overview, the forecast, the workload and the quality report a history to show", async () => {
    const overview = await get(`${api.testBase}/api/v1/overview`, adminToken);
    const days = (overview.scores_by_day as Body[]).filter((d) => Object.entries(d).some(([k, v]) => k !== "date" && Number(v) > 0));
    expect(days.length).toBeGreaterThanOrEqual(13);
    // The console's window: the last 8 hours.
    const forecast = await get(`${api.testBase}/api/v1/forecast?window_hours=8`, adminToken);
    expect((forecast.data as Body[]).some((f) => f.resolved > 0)).toBe(true);
    const workload = await get(`${api.testBase}/api/v1/workload`, adminToken);
    expect(JSON.stringify(workload)).toContain("resolved_7d");
    const report = await get(`${api.testBase}/api/v1/quality-reviews/report`, adminToken);
    const rows = report.analysts as Body[];
    expect(rows.reduce((n, a) => n + a.reviewed, 0)).toBeGreaterThan(3);
    expect(rows.reduce((n, a) => n + a.agreed, 0)).toBeGreaterThan(0);
    expect(rows.reduce((n, a) => n + a.overturned, 0)).toBeGreaterThan(0);
    const approvals = await get(`${api.testBase}/api/v1/approvals?status=approved`, adminToken);
    expect((approvals.data as Body[]).length).toBeGreaterThan(0);
    // The policies the history turned on for its team are back to their defaults.
    expect((await get(`${api.testBase}/api/v1/policies/quality-review`, adminToken)).sample_rate).toBe(0.05);
    expect((await get(`${api.testBase}/api/v1/policies/approvals`, adminToken)).case_false_positive_min_exposure).toBeNull();
  });
});

describe.runIf(onPostgres())("on PostgreSQL", () => {
  it("skips the history with a log line (the server's clock cannot be shifted) and replays today's demo", async () => {
    const database = await freshDatabase();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "argus-history-pg-"));
    const pgApi = await startApiProcess(
      { ARGUS_DATA_DIR: folder, DATABASE_URL: database.url!, ARGUS_NO_DEMO: "0", ARGUS_LOG_LEVEL: "info" },
      { name: "API (PostgreSQL)" },
    );
    try {
      expect(pgApi.child.output()).toContain("demo history skipped");
      const testKey = /ARGUS_CONSOLE_TEST_KEY=(.*)/.exec(fs.readFileSync(path.join(folder, "console.env"), "utf8"))![1]!;
      const cases = await fetch(`${pgApi.testBase}/v1/cases?status=resolved`, { headers: { authorization: `Bearer ${testKey}` } });
      expect(((await cases.json()) as Body).data).toEqual([]);
    } finally {
      await stopChild(pgApi.child);
      fs.rmSync(folder, { recursive: true, force: true });
      await database.close();
    }
  }, 120_000);
});
