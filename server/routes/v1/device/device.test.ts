import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { deriveDeviceId, identifiesDevice, ipPrefix } from "../../../domain/devices/device-id";
import { decide, score, scoreBody, setPolicy, signalNames, uniq, uniqIp } from "../../../test/score-helpers";
import { rows } from "../../../db/client";

let api: TestApi;
let h: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi();
  h = bearer((await api.key({ account: "device-co" })).key);
});
afterAll(() => api?.close());

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const session = (body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call(`${api.url.live}/v1/device/session`, {
    headers: { ...h, "user-agent": CHROME, "accept-language": "en-GB,en;q=0.9", ...headers },
    body: { page_url: "https://shop.example.com/checkout", ...body },
  });
const deviceSignals = (names: string[]) =>
  names.filter((n) => n.startsWith("device_") || n === "session_user_mismatch" || n === "blocklist_device");

describe("POST /v1/device/session", () => {
  it("opens a 30-minute session (201) and writes device.session_created", async () => {
    const fp = uniq("fp-device-");
    const r = await session({ user_id: "u-dev-1", action: "checkout", device_fingerprint: fp });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ object: "device_session", device_trusted: false, user_id: "u-dev-1", action: "checkout" });
    expect(r.body.session_id).toMatch(/^sess_/);
    expect(r.body.device_id).toMatch(/^dev_[0-9a-f]{32}$/);
    expect(Date.parse(r.body.expires_at) - Date.parse(r.body.created_at)).toBe(30 * 60 * 1000);
    const ev = await call(`${api.url.live}/v1/events?event_type=device.session_created&user_id=u-dev-1`, { headers: h });
    expect(ev.body.data[0]).toMatchObject({
      event_type: "device.session_created",
      user_id: "u-dev-1",
      transaction_id: null,
      payload: { session_id: r.body.session_id, device_id: r.body.device_id, device_trusted: false },
    });
  });

  it("validates page_url and action", async () => {
    const missing = await call(`${api.url.live}/v1/device/session`, { headers: h, body: {} });
    expect(missing.body.error).toMatchObject({ code: "missing_required_field", param: "page_url" });
    for (const page_url of [
      "not a url",
      "javascript:alert(1)",
      "javascript://%0aalert(1)",
      "data://text/html,x",
      "file:///etc/passwd",
      "/relative/path",
      "myapp:checkout",
    ]) {
      const bad = await session({ page_url });
      expect(bad.body.error, page_url).toMatchObject({ code: "invalid_field_value", param: "page_url" });
    }
    // A native client's screen (sessions are mainly for mobile apps and native clients).
    expect((await session({ page_url: "myapp://checkout/screen" })).status).toBe(201);
    expect((await session({ action: "purchase" })).body.error).toMatchObject({ code: "invalid_field_value", param: "action" });
  });

  it("keeps device_id stable for the same device and trusts it on its next session", async () => {
    const ua = `${CHROME} ${uniq("build/")}`;
    const a = await session({}, { "user-agent": ua, "x-forwarded-for": "81.2.69.10" });
    const b = await session({}, { "user-agent": ua, "x-forwarded-for": "81.2.69.77" }); // same /24
    expect(b.body.device_id).toBe(a.body.device_id);
    expect(a.body.device_trusted).toBe(false);
    expect(b.body.device_trusted).toBe(true);
    const other = await session({}, { "user-agent": ua, "accept-language": "fr-FR" });
    expect(other.body.device_id).not.toBe(a.body.device_id);
    const fp = uniq("fp-");
    const n1 = await session({ device_fingerprint: fp }, { "user-agent": "okhttp/4.12", "x-forwarded-for": "5.6.7.8" });
    const n2 = await session({ device_fingerprint: fp }, { "user-agent": "okhttp/4.13", "x-forwarded-for": "9.9.9.9" });
    expect(n2.body.device_id).toBe(n1.body.device_id);
  });

  it("derives the id from the request alone (the same after a restart), scoped to account and environment", () => {
    const e = {
      userAgent: CHROME,
      acceptLanguage: "en",
      clientHints: ['"Chromium";v="126"', '"Linux"', "?0", ""],
      ip: "81.2.69.10",
      fingerprint: null,
    };
    expect(deriveDeviceId("acct_1", "live", e)).toBe(deriveDeviceId("acct_1", "live", { ...e, ip: "81.2.69.200" }));
    expect(deriveDeviceId("acct_1", "live", e)).not.toBe(deriveDeviceId("acct_2", "live", e));
    expect(deriveDeviceId("acct_1", "live", e)).not.toBe(deriveDeviceId("acct_1", "test", e));
    expect(ipPrefix("2001:4860:4860::8888")).toBe("200148604860/48");
  });

  it("a request that identifies no device (no fingerprint, no client User-Agent) gets a device_id of its own, never trusted", async () => {
    const e = { userAgent: null, acceptLanguage: null, clientHints: [], ip: "81.2.69.10", fingerprint: null };
    expect(identifiesDevice(e)).toBe(false);
    for (const ua of [
      "node",
      "curl/8.4.0",
      "python-requests/2.31.0",
      "axios/1.6.2",
      "Go-http-client/1.1",
      "okhttp/4.12.0",
      "Java/17.0.2",
      " ",
    ]) {
      expect(identifiesDevice({ ...e, userAgent: ua }), ua).toBe(false);
    }
    for (const ua of [
      CHROME,
      "Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/UD1A)",
      "Shop/3.1 CFNetwork/1490.0.4 Darwin/23.2.0",
      "nodejs-shop/1.0",
    ]) {
      expect(identifiesDevice({ ...e, userAgent: ua }), ua).toBe(true);
    }
    expect(identifiesDevice({ ...e, userAgent: "curl/8.4.0", fingerprint: "install-1234" })).toBe(true);

    // A merchant's server opening sessions for its customers without forwarding their headers.
    const server = { "user-agent": "python-requests/2.31.0", "x-forwarded-for": "81.2.69.10" };
    const a = await session({ user_id: "srv-1" }, server);
    const b = await session({ user_id: "srv-2" }, server);
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ device_identified: false, device_trusted: false });
    expect(b.body).toMatchObject({ device_identified: false, device_trusted: false });
    expect(b.body.device_id).toMatch(/^dev_[0-9a-f]{32}$/);
    expect(b.body.device_id).not.toBe(a.body.device_id);
    const ev = await call(`${api.url.live}/v1/events?event_type=device.session_created&user_id=srv-1`, { headers: h });
    expect(ev.body.data[0].payload).toMatchObject({ device_id: a.body.device_id, device_identified: false });
    // The same server forwarding its customer's User-Agent identifies the device again.
    const forwarded = await session({ user_agent: `${CHROME} ${uniq("fw/")}` }, server);
    expect(forwarded.body.device_identified).toBe(true);
  });
});

describe("device signals on scores", () => {
  it("device_new on a first session, device_trusted on a later one", async () => {
    const fp = uniq("fp-");
    const first = await session({ device_fingerprint: fp });
    const s1 = signalNames((await score(api, h, scoreBody({ session_id: first.body.session_id }))).body);
    expect(s1).toContain("device_new");
    expect(s1).not.toContain("device_trusted");
    const second = await session({ device_fingerprint: fp });
    const s2 = signalNames((await score(api, h, scoreBody({ session_id: second.body.session_id }))).body);
    expect(s2).toContain("device_trusted");
    expect(s2).not.toContain("device_new");
  });

  it("an expired session is accepted, adds device_session_expired and no device signal", async () => {
    const s = await session({ device_fingerprint: uniq("fp-"), user_id: "someone" });
    await api.deps.database.db.execute(
      sql`update device_sessions set expires_at = now() - interval '1 second' where id = ${s.body.session_id}`,
    );
    const r = await score(api, h, scoreBody({ session_id: s.body.session_id }));
    expect(r.status).toBe(200);
    expect(deviceSignals(signalNames(r.body))).toEqual(["device_session_expired"]);
    const g = await call(`${api.url.live}/v1/transactions/${r.body.transaction_id}`, { headers: h });
    expect(g.body).toMatchObject({ session_id: s.body.session_id, device_id: null });
  });

  it("device_flagged once the device is linked to a block; its next session is not trusted", async () => {
    const fp = uniq("fp-");
    const s = await session({ device_fingerprint: fp });
    const r = await score(api, h, scoreBody({ session_id: s.body.session_id }));
    expect(signalNames((await score(api, h, scoreBody({ session_id: s.body.session_id }))).body)).not.toContain("device_flagged");
    await decide(api, h, r.body.transaction_id, "manual_review", "block");
    const later = await session({ device_fingerprint: fp });
    expect(later.body.device_trusted).toBe(false);
    const names = signalNames((await score(api, h, scoreBody({ session_id: later.body.session_id }))).body);
    expect(names).toContain("device_flagged");
    expect(names).not.toContain("device_trusted");
  });

  it("an engine block later labelled legit (false_positive) stops counting against the device; an analyst's block counts", async () => {
    const account = "device-fp-co";
    const own = bearer((await api.key({ account })).key);
    await setPolicy(api, account, { score_bands: { block: 2, challenge: 1 } });
    const fp = uniq("fp-");
    const open = () => session({ device_fingerprint: fp }, own);
    const blocked = await score(api, own, scoreBody({ session_id: (await open()).body.session_id }));
    expect(blocked.body.decision).toBe("block");
    await setPolicy(api, account, { score_bands: { block: 75, challenge: 40 } });
    const before = await open();
    expect(before.body.device_trusted).toBe(false);
    expect(signalNames((await score(api, own, scoreBody({ session_id: before.body.session_id }))).body)).toContain("device_flagged");
    expect((await decide(api, own, blocked.body.transaction_id, "false_positive")).status).toBe(201);
    const cleared = await open();
    expect(cleared.body.device_trusted).toBe(true);
    const names = signalNames((await score(api, own, scoreBody({ session_id: cleared.body.session_id }))).body);
    expect(names).toContain("device_trusted");
    expect(names).not.toContain("device_flagged");
    expect((await decide(api, own, blocked.body.transaction_id, "manual_review", "block")).status).toBe(201);
    expect((await open()).body.device_trusted).toBe(false);
  });

  it("blocklist_device after a confirmed_fraud decision on a scored transaction", async () => {
    const fp = uniq("fp-");
    const s = await session({ device_fingerprint: fp });
    const r = await score(api, h, scoreBody({ session_id: s.body.session_id }));
    await decide(api, h, r.body.transaction_id, "confirmed_fraud");
    const again = await session({ device_fingerprint: fp });
    expect(signalNames((await score(api, h, scoreBody({ session_id: again.body.session_id }))).body)).toContain("blocklist_device");
  });

  it("a confirmed_fraud decision does not blocklist the device id of a session that identified no device", async () => {
    const s = await session({}, { "user-agent": "python-requests/2.31.0" });
    expect(s.body.device_identified).toBe(false);
    const r = await score(
      api,
      h,
      scoreBody({ session_id: s.body.session_id, user: { id: uniq(), email: `${uniq("f")}@example.com`, ip_address: uniqIp() } }),
    );
    await decide(api, h, r.body.transaction_id, "confirmed_fraud");
    const entries = await rows<{ kind: string }>(
      api.deps.database.db,
      sql`select kind from blocklist_entries where transaction_id = ${r.body.transaction_id as string}`,
    );
    expect(entries.map((e) => e.kind).sort()).toEqual(["card", "email", "ip"]);
  });

  it("device_automation for a headless browser; device_context_mismatch when Origin differs from page_url", async () => {
    const headless = await session(
      {},
      { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/126.0 Safari/537.36" },
    );
    expect(signalNames((await score(api, h, scoreBody({ session_id: headless.body.session_id }))).body)).toContain("device_automation");
    const normal = await session({ device_fingerprint: uniq("fp-") }, { origin: "https://shop.example.com" });
    const n = signalNames((await score(api, h, scoreBody({ session_id: normal.body.session_id }))).body);
    expect(n).not.toContain("device_automation");
    expect(n).not.toContain("device_context_mismatch");
    const mismatch = await session({ device_fingerprint: uniq("fp-") }, { origin: "https://evil.example.net" });
    expect(signalNames((await score(api, h, scoreBody({ session_id: mismatch.body.session_id }))).body)).toContain(
      "device_context_mismatch",
    );
  });

  it("session_user_mismatch when the session was opened for another user", async () => {
    const s = await session({ device_fingerprint: uniq("fp-"), user_id: "alice" });
    expect(signalNames((await score(api, h, scoreBody({ session_id: s.body.session_id, user: { id: "alice" } }))).body)).not.toContain(
      "session_user_mismatch",
    );
    expect(signalNames((await score(api, h, scoreBody({ session_id: s.body.session_id, user: { id: "mallory" } }))).body)).toContain(
      "session_user_mismatch",
    );
  });

  it("device_many_users from the third user, device_velocity_high from the tenth score", async () => {
    const s = await session({ device_fingerprint: uniq("fp-") });
    const seen: string[][] = [];
    for (let i = 0; i < 10; i++) seen.push(signalNames((await score(api, h, scoreBody({ session_id: s.body.session_id }))).body));
    expect(seen[1]).not.toContain("device_many_users");
    expect(seen[2]).toContain("device_many_users");
    expect(seen[8]).not.toContain("device_velocity_high");
    expect(seen[9]).toContain("device_velocity_high");
  });

  it("sessions that identify no device share nothing: no device_many_users or device_new across customers", async () => {
    const server = { "user-agent": "node", "x-forwarded-for": "81.2.69.11" };
    const names: string[][] = [];
    for (let i = 0; i < 4; i++) {
      const s = await session({ user_id: `srv-user-${i}` }, server);
      names.push(signalNames((await score(api, h, scoreBody({ session_id: s.body.session_id, user: { id: `srv-user-${i}` } }))).body));
    }
    for (const n of names) expect(deviceSignals(n)).toEqual([]);
    // Within its own session the device's velocity still counts.
    const s = await session({}, server);
    const seen: string[][] = [];
    for (let i = 0; i < 3; i++) seen.push(signalNames((await score(api, h, scoreBody({ session_id: s.body.session_id }))).body));
    expect(seen[2]).toContain("device_many_users");
  });

  it("a session of another account or environment is 404 with param session_id", async () => {
    const s = await session({ device_fingerprint: uniq("fp-") });
    const other = bearer((await api.key({ account: "someone-else" })).key);
    const r = await score(api, other, scoreBody({ session_id: s.body.session_id }));
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: "resource_not_found", param: "session_id" });
    const t = await score(
      api,
      bearer((await api.key({ account: "device-co", env: "test" })).key),
      scoreBody({ session_id: s.body.session_id }),
      "test",
    );
    expect(t.status).toBe(404);
  });
});
