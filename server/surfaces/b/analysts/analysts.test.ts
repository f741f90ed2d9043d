import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestApi, type TestApi } from "../../../test/harness";

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

describe("analysts", () => {
  it("lets an admin add analysts and anyone in the account list them", async () => {
    const r = await call(url(), { headers: { authorization: `Bearer ${admin}` }, body: { email: "Lee@Example.com", role: "lead", password: "a long password" } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ object: "analyst", email: "lee@example.com", role: "lead" });
    expect(JSON.stringify(r.body)).not.toMatch(/password|argon/);
    const dup = await call(url(), { headers: { authorization: `Bearer ${admin}` }, body: { email: "lee@example.com", role: "analyst", password: "a long password" } });
    expect(dup.status).toBe(422);
    const lead = await api.consoleToken(r.body.id);
    const list = await call(url(), { headers: { authorization: `Bearer ${lead}` } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((a: { email: string }) => a.email)).toContain("lee@example.com");
    const forbidden = await call(url(), { headers: { authorization: `Bearer ${lead}` }, body: { email: "x@example.com", role: "admin", password: "a long password" } });
    expect(forbidden.status).toBe(403);
  });

  it("refuses short passwords and bad e-mails", async () => {
    const short = await call(url(), { headers: { authorization: `Bearer ${admin}` }, body: { email: "s@example.com", role: "analyst", password: "short" } });
    expect(short.body.error).toMatchObject({ code: "invalid_field_value", param: "password" });
    const email = await call(url(), { headers: { authorization: `Bearer ${admin}` }, body: { email: "nope", role: "analyst", password: "a long password" } });
    expect(email.body.error).toMatchObject({ code: "invalid_field_value", param: "email" });
  });
});

describe("authenticate", () => {
  it("checks e-mail and password with the console's service token only", async () => {
    const a = await api.analyst({ role: "analyst", email: "sam@example.com", password: "sam's password" });
    const ok = await call(url("/authenticate"), { headers: { authorization: `Bearer ${consoleToken}` }, body: { email: "SAM@example.com", password: "sam's password" } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: a.id, role: "analyst" });
    const bad = await call(url("/authenticate"), { headers: { authorization: `Bearer ${consoleToken}` }, body: { email: "sam@example.com", password: "wrong" } });
    expect(bad.status).toBe(401);
    expect(bad.body.error.message).toBe("Invalid e-mail or password.");
    const unknown = await call(url("/authenticate"), { headers: { authorization: `Bearer ${consoleToken}` }, body: { email: "who@example.com", password: "wrong" } });
    expect(unknown.body.error.message).toBe("Invalid e-mail or password.");
    const asAnalyst = await call(url("/authenticate"), { headers: { authorization: `Bearer ${admin}` }, body: { email: "sam@example.com", password: "sam's password" } });
    expect(asAnalyst.status).toBe(403);
  });

  it("resolves an enabled analyst by e-mail for single sign-on (console service token only)", async () => {
    const a = await api.analyst({ role: "lead", email: "sso.person@example.com" });
    const resolve = (email: string, token = consoleToken) => call(url("/resolve"), { headers: { authorization: `Bearer ${token}` }, body: { email } });
    const ok = await resolve(" SSO.Person@Example.com ");
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ object: "analyst", id: a.id, role: "lead", disabled: false });
    expect(ok.body).not.toHaveProperty("password_hash");
    const unknown = await resolve("nobody@example.com");
    expect(unknown.status).toBe(404);
    expect((await resolve("sso.person@example.com", admin)).status).toBe(403);
    expect((await resolve("")).status).toBe(400);
    await api.deps.database.db.execute(sql`update analysts set disabled_at = now() where id = ${a.id}`);
    expect((await resolve("sso.person@example.com")).status).toBe(404);
  });

  it("reads the token's analyst on every call: a role change or a disabling applies at once, to that analyst only", async () => {
    const a = await api.analyst({ role: "admin", account: "team" });
    const b = await api.analyst({ role: "admin", account: "team" });
    const [tokenA, tokenB] = [await api.consoleToken(a.id), await api.consoleToken(b.id)];
    const create = (token: string, email: string) => call(url(), { headers: { authorization: `Bearer ${token}` }, body: { email, role: "analyst", password: "a long password" } });
    expect((await create(tokenA, "by.a@example.com")).status).toBe(201);
    await api.deps.database.db.execute(sql`update analysts set role = 'analyst' where id = ${a.id}`);
    expect((await create(tokenA, "by.a2@example.com")).status).toBe(403);
    expect((await create(tokenB, "by.b@example.com")).status).toBe(201);
    await api.deps.database.db.execute(sql`update analysts set disabled_at = now() where id = ${b.id}`);
    const refused = await call(url(), { headers: { authorization: `Bearer ${tokenB}` } });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/does not exist or is disabled/);
    expect((await call(url(), { headers: { authorization: `Bearer ${tokenA}` } })).status).toBe(200);
  });

  it("locks an analyst for 15 minutes after ten failures in a row", async () => {
    await api.analyst({ role: "analyst", email: "lock@example.com", password: "the right one" });
    const attempt = (password: string) =>
      call(url("/authenticate"), { headers: { authorization: `Bearer ${consoleToken}` }, body: { email: "lock@example.com", password } });
    for (let i = 0; i < 10; i++) expect((await attempt("wrong")).status).toBe(401);
    const locked = await attempt("the right one");
    expect(locked.status).toBe(401);
    expect(locked.body.error.message).toMatch(/Too many failed/);
  });
});
