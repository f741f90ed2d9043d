import { sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestApi, type TestApi } from "../../../test/harness";
import { CONSOLE_AUDIENCE, CONSOLE_ISSUER } from "../../../http/console-auth";
import { ensureAccount } from "../../../domain/accounts/accounts";
import { rows } from "../../../db/client";

let api: TestApi;
let admin: string;
let consoleToken: string;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.consoleToken((await api.analyst({ role: "admin", account: "team" })).id);
  consoleToken = await api.consoleToken("console");
});
afterAll(() => api?.close());

const url = (path = "") => `${api.url.live}/api/v1/analysts${path}`;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const signIn = (email: string, password: string, token = consoleToken) =>
  call(url("/authenticate"), { headers: auth(token), body: { email, password } });
/** Signs in as the console does and returns the dashboard token of the new session. */
async function sessionToken(email: string, password: string, token = consoleToken): Promise<string> {
  const r = await signIn(email, password, token);
  expect(r.status).toBe(200);
  return api.consoleToken(r.body.analyst.id, { sessionId: r.body.session_id });
}

describe("analysts", () => {
  it("lets an admin add analysts and anyone in the account list them", async () => {
    const r = await call(url(), { headers: auth(admin), body: { email: "Lee@Example.com", role: "lead", password: "a long password" } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ object: "analyst", email: "lee@example.com", role: "lead" });
    expect(JSON.stringify(r.body)).not.toMatch(/password|argon/);
    const dup = await call(url(), {
      headers: auth(admin),
      body: { email: "lee@example.com", role: "analyst", password: "a long password" },
    });
    expect(dup.status).toBe(422);
    const lead = await api.consoleToken(r.body.id);
    const list = await call(url(), { headers: auth(lead) });
    expect(list.status).toBe(200);
    expect(list.body.data.map((a: { email: string }) => a.email)).toContain("lee@example.com");
    const forbidden = await call(url(), {
      headers: auth(lead),
      body: { email: "x@example.com", role: "admin", password: "a long password" },
    });
    expect(forbidden.status).toBe(403);
  });

  it("refuses short passwords and bad e-mails", async () => {
    const short = await call(url(), { headers: auth(admin), body: { email: "s@example.com", role: "analyst", password: "short" } });
    expect(short.body.error).toMatchObject({ code: "invalid_field_value", param: "password" });
    const email = await call(url(), { headers: auth(admin), body: { email: "nope", role: "analyst", password: "a long password" } });
    expect(email.body.error).toMatchObject({ code: "invalid_field_value", param: "email" });
  });
});

describe("sign-in", () => {
  it("checks e-mail and password with the console's service token only, and starts a session", async () => {
    const a = await api.analyst({ role: "analyst", email: "sam@example.com", password: "sam's password" });
    const ok = await signIn("SAM@example.com", "sam's password");
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      object: "analyst_session",
      method: "password",
      ended_at: null,
      analyst: { id: a.id, role: "analyst" },
    });
    expect(ok.body.session_id).toMatch(/^ses_/);
    const bad = await signIn("sam@example.com", "wrong");
    expect(bad.status).toBe(401);
    expect(bad.body.error.message).toBe("Invalid e-mail or password.");
    expect((await signIn("who@example.com", "wrong")).body.error.message).toBe("Invalid e-mail or password.");
    expect((await signIn("sam@example.com", "sam's password", admin)).status).toBe(403);
  });

  it("signs in only analysts of the account the console serves; another account's analyst fails exactly like a wrong password", async () => {
    await api.analyst({ role: "admin", account: "other-co", email: "boss@other.example", password: "other's password" });
    const here = await signIn("boss@other.example", "other's password");
    const wrong = await signIn("boss@other.example", "not the password");
    expect(here.status).toBe(401);
    expect(here.body.error).toEqual({ ...wrong.body.error, request_id: here.body.error.request_id });
    const otherConsole = await api.consoleToken("console", { account: "other-co" });
    expect((await signIn("boss@other.example", "other's password", otherConsole)).status).toBe(200);
    // The same person may be an analyst of two accounts: each console signs in its own.
    await api.analyst({ role: "analyst", account: "acme", email: "boss@other.example", password: "acme's password" });
    const acme = await signIn("boss@other.example", "acme's password");
    expect(acme.status).toBe(200);
    expect(acme.body.analyst.account_id).toBe((await ensureAccount(api.deps.database.db, "acme")).id);
    expect((await signIn("boss@other.example", "other's password")).status).toBe(401);
  });

  it("refuses a console token that names no account, and an analyst's token for another account", async () => {
    const bare = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("console")
      .setIssuer(CONSOLE_ISSUER)
      .setAudience(CONSOLE_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(api.deps.consoleSecret);
    expect((await signIn("sam@example.com", "sam's password", bare)).status).toBe(401);
    const a = await api.analyst({ role: "admin", account: "team" });
    const other = await ensureAccount(api.deps.database.db, "acme");
    const crossed = await api.consoleToken(a.id, { accountId: other.id });
    const r = await call(url(), { headers: auth(crossed) });
    expect(r.status).toBe(401);
    // And with a session of theirs: still not for another account.
    expect((await call(url(), { headers: auth(await api.consoleToken(a.id)) })).status).toBe(200);
  });

  it("resolves an enabled analyst of the account by e-mail for single sign-on, with a session", async () => {
    const a = await api.analyst({ role: "lead", email: "sso.person@example.com" });
    const resolve = (email: string, token = consoleToken) => call(url("/resolve"), { headers: auth(token), body: { email } });
    const ok = await resolve(" SSO.Person@Example.com ");
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ object: "analyst_session", method: "sso", analyst: { id: a.id, role: "lead", disabled: false } });
    expect(JSON.stringify(ok.body)).not.toMatch(/password/);
    expect((await resolve("nobody@example.com")).status).toBe(404);
    expect((await resolve("sso.person@example.com", admin)).status).toBe(403);
    expect((await resolve("sso.person@example.com", await api.consoleToken("console", { account: "team" }))).status).toBe(404);
    expect((await resolve("")).status).toBe(400);
    await api.deps.database.db.execute(sql`update analysts set disabled_at = now() where id = ${a.id}`);
    expect((await resolve("sso.person@example.com")).status).toBe(404);
  });

  it("reads the token's analyst on every call: a role change or a disabling applies at once, to that analyst only", async () => {
    const a = await api.analyst({ role: "admin", account: "team" });
    const b = await api.analyst({ role: "admin", account: "team" });
    const [tokenA, tokenB] = [await api.consoleToken(a.id), await api.consoleToken(b.id)];
    const create = (token: string, email: string) =>
      call(url(), { headers: auth(token), body: { email, role: "analyst", password: "a long password" } });
    expect((await create(tokenA, "by.a@example.com")).status).toBe(201);
    await api.deps.database.db.execute(sql`update analysts set role = 'analyst' where id = ${a.id}`);
    expect((await create(tokenA, "by.a2@example.com")).status).toBe(403);
    expect((await create(tokenB, "by.b@example.com")).status).toBe(201);
    await api.deps.database.db.execute(sql`update analysts set disabled_at = now() where id = ${b.id}`);
    const refused = await call(url(), { headers: auth(tokenB) });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/session of this token has ended/);
    expect((await call(url(), { headers: auth(tokenA) })).status).toBe(200);
  });
});

describe("lockout", () => {
  it("locks an analyst for 15 minutes after ten failures in a row", async () => {
    await api.analyst({ role: "analyst", email: "lock@example.com", password: "the right one" });
    for (let i = 0; i < 10; i++) expect((await signIn("lock@example.com", "wrong")).status).toBe(401);
    const locked = await signIn("lock@example.com", "the right one");
    expect(locked.status).toBe(401);
    expect(locked.body.error.message).toMatch(/Too many failed/);
  });

  it("counts parallel guesses atomically: 40 at once lock the analyst, and only ten passwords are ever checked", async () => {
    const a = await api.analyst({ role: "analyst", email: "parallel@example.com", password: "the right one" });
    const results = await Promise.all(Array.from({ length: 40 }, () => signIn("parallel@example.com", "wrong")));
    expect(results.every((r) => r.status === 401)).toBe(true);
    const lockedAnswers = results.filter((r) => /Too many failed/.test(r.body.error.message)).length;
    expect(lockedAnswers).toBeGreaterThanOrEqual(30);
    expect((await signIn("parallel@example.com", "the right one")).body.error.message).toMatch(/Too many failed/);
    const [row] = await rows<{ locked: boolean }>(
      api.deps.database.db,
      sql`select locked_until > now() as locked from analysts where id = ${a.id}`,
    );
    expect(row?.locked).toBe(true);
  });

  it("starts a new count once the lock has lapsed, and a success resets it", async () => {
    const a = await api.analyst({ role: "analyst", email: "lapse@example.com", password: "the right one" });
    await api.deps.database.db.execute(
      sql`update analysts set failed_attempts = 10, locked_until = now() - interval '1 second' where id = ${a.id}`,
    );
    expect((await signIn("lapse@example.com", "wrong")).body.error.message).toBe("Invalid e-mail or password.");
    expect((await signIn("lapse@example.com", "the right one")).status).toBe(200);
    const [row] = await rows<{ failed_attempts: number; locked_until: unknown }>(
      api.deps.database.db,
      sql`select failed_attempts, locked_until from analysts where id = ${a.id}`,
    );
    expect(row).toMatchObject({ failed_attempts: 0, locked_until: null });
  });
});

describe("sessions", () => {
  it("signing out ends that session for every client holding its tokens; other sessions go on", async () => {
    await api.analyst({ role: "lead", email: "out@example.com", password: "out's password" });
    const first = await sessionToken("out@example.com", "out's password");
    const second = await sessionToken("out@example.com", "out's password");
    const current = await call(url("/session"), { headers: auth(first) });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ object: "analyst_session", ended_at: null, analyst: { email: "out@example.com", role: "lead" } });
    const out = await call(url("/session"), { method: "DELETE", headers: auth(first) });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ end_reason: "signed_out" });
    expect(out.body.ended_at).not.toBeNull();
    // A token of the ended session, freshly minted (as a replayed cookie would get), is refused.
    const replay = await api.consoleToken(current.body.analyst.id, { sessionId: current.body.session_id });
    expect((await call(url(), { headers: auth(replay) })).status).toBe(401);
    expect((await call(url("/session"), { headers: auth(first) })).status).toBe(401);
    expect((await call(url("/session"), { method: "DELETE", headers: auth(first) })).status).toBe(401);
    expect((await call(url("/session"), { headers: auth(second) })).status).toBe(200);
  });

  it("a new role or disabling ends every session of that analyst at once; the last administrator stays", async () => {
    const boss = await api.analyst({ role: "admin", account: "sessions-co", email: "boss@sessions.example", password: "boss's password" });
    const worker = await api.analyst({
      role: "analyst",
      account: "sessions-co",
      email: "worker@sessions.example",
      password: "worker's password",
    });
    const consoleFor = await api.consoleToken("console", { account: "sessions-co" });
    const bossToken = await sessionToken("boss@sessions.example", "boss's password", consoleFor);
    const workerTokens = [
      await sessionToken("worker@sessions.example", "worker's password", consoleFor),
      await sessionToken("worker@sessions.example", "worker's password", consoleFor),
    ];
    const patch = (id: string, body: unknown, token = bossToken) => call(url(`/${id}`), { method: "PATCH", headers: auth(token), body });

    const promoted = await patch(worker.id, { role: "lead" });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ role: "lead", disabled: false });
    for (const t of workerTokens) expect((await call(url("/session"), { headers: auth(t) })).status).toBe(401);
    const again = await sessionToken("worker@sessions.example", "worker's password", consoleFor);
    expect((await call(url("/session"), { headers: auth(again) })).body.analyst.role).toBe("lead");

    expect((await patch(worker.id, { disabled: true })).body.disabled).toBe(true);
    expect((await call(url("/session"), { headers: auth(again) })).status).toBe(401);
    expect((await signIn("worker@sessions.example", "worker's password", consoleFor)).status).toBe(401);
    expect((await patch(worker.id, { disabled: false })).body.disabled).toBe(false);
    expect((await signIn("worker@sessions.example", "worker's password", consoleFor)).status).toBe(200);

    const last = await patch(boss.id, { role: "analyst" });
    expect(last.status).toBe(422);
    expect(last.body.error).toMatchObject({ code: "unprocessable", param: "role" });
    expect((await patch(boss.id, { disabled: true })).body.error).toMatchObject({ param: "disabled" });
    expect((await call(url("/session"), { headers: auth(bossToken) })).status).toBe(200);

    const stranger = await api.analyst({ role: "analyst", account: "acme" });
    expect((await patch(stranger.id, { role: "lead" })).status).toBe(404);
    expect((await patch(worker.id, {})).body.error.code).toBe("missing_required_field");
    expect((await patch(worker.id, { role: "lead" }, await api.consoleToken(worker.id))).status).toBe(403);
  });

  it("two administrators demoting each other at once: exactly one change applies, an administrator stays", async () => {
    const a = await api.analyst({ role: "admin", account: "pair-co" });
    const b = await api.analyst({ role: "admin", account: "pair-co" });
    const [tokenA, tokenB] = [await api.consoleToken(a.id), await api.consoleToken(b.id)];
    const results = await Promise.all([
      call(url(`/${b.id}`), { method: "PATCH", headers: auth(tokenA), body: { role: "analyst" } }),
      call(url(`/${a.id}`), { method: "PATCH", headers: auth(tokenB), body: { role: "analyst" } }),
    ]);
    // The first demotion ends the demoted admin's sessions, so the second is refused (401) or, if it
    // ran first, the other way round; never both applied, never a 5xx.
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => r.status < 500)).toBe(true);
    const [row] = await rows<{ n: number }>(
      api.deps.database.db,
      sql`select count(*)::int as n from analysts a join accounts c on c.id = a.account_id where c.name = 'pair-co' and a.role = 'admin'`,
    );
    expect(row?.n).toBe(1);
  });
});
