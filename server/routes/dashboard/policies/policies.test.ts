import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { score, scoreBody, signalNames, uniq, uniqIp } from "../../../test/score-helpers";

let api: TestApi;
let admin: Record<string, string>;
let analyst: Record<string, string>;
let lead: Record<string, string>;
let key: Record<string, string>;
const ACCOUNT = "policy-co";
beforeAll(async () => {
  api = await startTestApi();
  const tok = async (role: "admin" | "lead" | "analyst") => ({
    authorization: `Bearer ${await api.consoleToken((await api.analyst({ role, account: ACCOUNT })).id)}`,
  });
  admin = await tok("admin");
  lead = await tok("lead");
  analyst = await tok("analyst");
  key = bearer((await api.key({ account: ACCOUNT })).key);
});
afterAll(() => api?.close());

const url = (env: "live" | "test" = "live") => `${api.url[env]}/api/v1/policies`;

describe("/api/v1/policies", () => {
  it("shows the defaults to any role: block ≥ 75, challenge ≥ 40, no rules, 7-year retention, shipped BIN table", async () => {
    const r = await call(url(), { headers: analyst });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: "policy",
      environment: "live",
      score_bands: { block: 75, challenge: 40 },
      rules: [],
      retention_days: 2557,
      bin_table: "default",
      ip_ranges_count: 0,
      version: 0,
    });
    expect(r.body.bin_table_rows).toBeGreaterThan(100);
    const signals = await call(`${url()}/signals`, { headers: analyst });
    expect(signals.body.data.find((s: { name: string }) => s.name === "velocity_high")).toMatchObject({ weight: "high_risk", points: 45 });
  });

  it("only admins change them; API keys are refused", async () => {
    expect((await call(url(), { method: "PATCH", headers: lead, body: { retention_days: 10 } })).status).toBe(403);
    const k = await call(url(), { headers: key });
    expect(k.status).toBe(403);
    expect(k.body.error.message).toBe("API keys are not permitted on this endpoint");
  });

  it("a rule 'block when velocity_high and bin_prepaid' decides, and its id goes into transaction.blocked", async () => {
    const put = await call(url(), {
      method: "PUT",
      headers: admin,
      body: {
        score_bands: { block: 90, challenge: 30 },
        rules: [
          { id: "prepaid_burst", name: "Block prepaid bursts", action: "block", when: { signals_all: ["velocity_high", "bin_prepaid"] } },
        ],
        bin_table_csv: "537410,,mastercard,debit,true,US",
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      score_bands: { block: 90, challenge: 30 },
      bin_table: "custom",
      bin_table_rows: 1,
      version: 1,
      rules: [{ id: "prepaid_burst", enabled: true }],
    });
    const user = { id: uniq() };
    let last;
    for (let i = 0; i < 10; i++)
      last = await score(api, key, scoreBody({ user, payment_method: { type: "card", card_bin: "537410", last_four: String(2000 + i) } }));
    expect(signalNames(last!.body)).toEqual(expect.arrayContaining(["velocity_high", "bin_prepaid"]));
    expect(last!.body.decision).toBe("block");
    const ev = await call(`${api.url.live}/v1/events?transaction_id=${last!.body.transaction_id}&event_type=transaction.blocked`, {
      headers: key,
    });
    expect(ev.body.data[0].payload).toMatchObject({ rule_id: "prepaid_burst", rule_name: "Block prepaid bursts", threshold: null });
    // The same burst without a prepaid card: only the bands decide.
    const other = { id: uniq() };
    for (let i = 0; i < 10; i++) last = await score(api, key, scoreBody({ user: other }));
    expect(last!.body.decision).not.toBe("block");
  });

  it("PATCH changes only what it names and bumps the version; the bands apply at once", async () => {
    const before = (await call(url(), { headers: analyst })).body;
    const r = await call(url(), { method: "PATCH", headers: admin, body: { score_bands: { block: 15, challenge: 5 } } });
    expect(r.body).toMatchObject({ score_bands: { block: 15, challenge: 5 }, rules: before.rules, version: before.version + 1 });
    expect((await score(api, key, scoreBody())).body.decision).toBe("block");
    await call(url(), { method: "PATCH", headers: admin, body: { score_bands: { block: 75, challenge: 40 } } });
    expect((await score(api, key, scoreBody())).body.decision).toBe("allow");
  });

  it("concurrent PATCHes of different fields all stay, from the account's first change on", async () => {
    const racer = { authorization: `Bearer ${await api.consoleToken((await api.analyst({ role: "admin", account: "policy-race" })).id)}` };
    const patches = [
      { score_bands: { block: 80, challenge: 35 } },
      { rules: [{ id: "race_rule", name: "Race", action: "challenge", when: { signals_all: ["velocity_high"] } }] },
      { retention_days: 400 },
      { ip_ranges_csv: "203.0.113.0/24,hosting" },
    ];
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(patches.map((body) => call(url(), { method: "PATCH", headers: racer, body })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const now = (await call(url(), { headers: racer })).body;
      expect(now).toMatchObject({
        score_bands: { block: 80, challenge: 35 },
        rules: [{ id: "race_rule" }],
        retention_days: 400,
        ip_ranges_count: 1,
        version: 4 * (round + 1),
      });
    }
  });

  it("keeps environments apart", async () => {
    await call(url("test"), { method: "PATCH", headers: admin, body: { retention_days: 90 } });
    expect((await call(url("test"), { headers: admin })).body.retention_days).toBe(90);
    expect((await call(url("live"), { headers: admin })).body.retention_days).toBe(2557);
  });

  it("validates bands, rules and the CSV tables", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ score_bands: { block: 30, challenge: 60 } }, "score_bands.challenge"],
      [{ score_bands: { block: 101, challenge: 40 } }, "score_bands.block"],
      [{ rules: [{ name: "x", action: "block", when: { signals_all: ["no_such_signal"] } }] }, "rules.0.when.signals_all.0"],
      [{ rules: [{ name: "x", action: "block", when: {} }] }, "rules.0.when"],
      [{ rules: [{ name: "x", action: "deny", when: { score_gte: 50 } }] }, "rules.0.action"],
      [
        {
          rules: [
            { id: "a", name: "x", action: "block", when: { score_gte: 5 } },
            { id: "a", name: "y", action: "allow", when: { score_gte: 5 } },
          ],
        },
        "rules.1.id",
      ],
      [{ retention_days: 0 }, "retention_days"],
      [{ ip_ranges_csv: "cidr,category\n10.0.0.0/33,proxy" }, "ip_ranges_csv"],
      [{ ip_ranges_csv: "1.2.3.0/24,residential" }, "ip_ranges_csv"],
      [{ bin_table_csv: "4111,41,visa,credit,,US" }, "bin_table_csv"],
      [{ bin_table_csv: "411111,,visa,gold,,US" }, "bin_table_csv"],
      [{ bin_table_csv: "411111,,visa,credit,maybe,US" }, "bin_table_csv"],
      [{ bin_table_csv: "411111,,visa,credit,,XX" }, "bin_table_csv"],
    ];
    for (const [body, param] of bad) {
      const r = await call(url(), { method: "PATCH", headers: admin, body });
      expect(r.status, param).toBe(400);
      expect(r.body.error).toMatchObject({ code: "invalid_field_value", param });
    }
    const inverted = await call(url(), { method: "PATCH", headers: admin, body: { score_bands: { block: 30, challenge: 60 } } });
    expect(inverted.body.error.message).toBe("score_bands.challenge must not be above score_bands.block.");
    const missing = await call(url(), { method: "PUT", headers: admin, body: { rules: [] } });
    expect(missing.body.error).toMatchObject({ code: "missing_required_field", param: "score_bands" });
    const version = (await call(url(), { headers: admin })).body.version;
    const nothing = await call(url(), { method: "PATCH", headers: admin, raw: JSON.stringify({ retention_days: 30 }) });
    expect(nothing.body.error).toMatchObject({ code: "missing_required_field" });
    expect((await call(url(), { headers: admin })).body.version).toBe(version);
  });

  it("clears the IP ranges and restores the shipped BIN table with null", async () => {
    const ip = uniqIp();
    await call(url(), { method: "PATCH", headers: admin, body: { ip_ranges_csv: `${ip}/32,hosting` } });
    expect(signalNames((await score(api, key, scoreBody({ user: { id: uniq(), ip_address: ip } }))).body)).toContain("ip_proxy_detected");
    const r = await call(url(), { method: "PATCH", headers: admin, body: { ip_ranges_csv: null, bin_table_csv: null } });
    expect(r.body).toMatchObject({ ip_ranges_csv: null, ip_ranges_count: 0, bin_table: "default" });
    expect(signalNames((await score(api, key, scoreBody({ user: { id: uniq(), ip_address: ip } }))).body)).not.toContain(
      "ip_proxy_detected",
    );
  });
});

describe("/api/v1/blocklist", () => {
  const bl = () => `${api.url.live}/api/v1/blocklist`;

  it("lead or admin adds and removes; any role lists; values are normalised and validated", async () => {
    expect((await call(bl(), { headers: analyst, body: { kind: "email", value: "a@b.co" } })).status).toBe(403);
    const added = await call(bl(), { headers: lead, body: { kind: "email", value: "  Fraudster@Example.COM " } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ object: "blocklist_entry", kind: "email", value: "fraudster@example.com", source: "manual" });
    expect((await call(bl(), { headers: lead, body: { kind: "email", value: "fraudster@example.com" } })).status).toBe(200);
    const card = await call(bl(), { headers: admin, body: { kind: "card", value: "42424242:4242" } });
    expect(card.body.value).toBe("424242:4242");
    for (const [kind, value] of [
      ["card", "4242424242424242"],
      ["ip", "999.1.1.1"],
      ["device", "laptop"],
      ["bank_account", "1234"],
      ["phone", "+1"],
    ]) {
      const r = await call(bl(), { headers: admin, body: { kind, value } });
      expect(r.status, `${kind} ${value}`).toBe(400);
      expect(r.body.error.code).toBe("invalid_field_value");
    }
    const list = await call(`${bl()}?kind=email`, { headers: analyst });
    expect(list.body.data.map((e: { id: string }) => e.id)).toContain(added.body.id);
    const found = await call(`${bl()}?kind=email&value=FRAUDSTER@example.com`, { headers: analyst });
    expect(found.body.data).toHaveLength(1);
    expect((await call(`${bl()}/${added.body.id}`, { method: "DELETE", headers: analyst })).status).toBe(403);
    const removed = await call(`${bl()}/${added.body.id}`, { method: "DELETE", headers: admin });
    expect(removed.body).toMatchObject({ id: added.body.id, deleted: true });
    expect((await call(`${bl()}/${added.body.id}`, { method: "DELETE", headers: admin })).status).toBe(404);
  });
});
