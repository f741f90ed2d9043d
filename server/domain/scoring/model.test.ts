import { describe, expect, it } from "vitest";
import { BASE_SCORE, combine, decide, learnedAdjustments, ruleMatches, wireSignals } from "./model";
import { parseBinTable, binFacts, defaultBinTable } from "./bin-table";
import { parseIp, parseIpRanges, reservedRange } from "./ip-ranges";
import { CsvError } from "./csv-lines";
import { signalCatalogue, signalNames } from "./signals";
import type { PolicyRule } from "../../db/schema";

describe("combine", () => {
  it("adds catalogue points to the base, clamps to 0–100, and is deterministic", () => {
    const fired = [
      { name: "email_disposable" as const, detail: "" },
      { name: "new_user" as const, detail: "" },
    ];
    const a = combine(fired, {});
    expect(a.score).toBe(BASE_SCORE + 25 + 10);
    expect(combine(fired, {})).toEqual(a);
    const many = signalNames.filter((n) => signalCatalogue[n].points > 0).map((name) => ({ name, detail: "" }));
    expect(combine(many, {}).score).toBe(100);
    expect(
      combine(
        [
          { name: "device_trusted", detail: "" },
          { name: "email_seen_before", detail: "" },
        ],
        {},
      ).score,
    ).toBe(0);
  });

  it("applies learned adjustments without flipping a signal's direction", () => {
    const r = combine([{ name: "device_trusted", detail: "" }], { device_trusted: 40, _base: 5 });
    expect(r.contributions[0]).toMatchObject({ points: 0, learned: 40 });
    expect(r.base).toBe(BASE_SCORE + 5);
  });

  it("orders wire signals by contribution, then name", () => {
    const { contributions } = combine(
      [
        { name: "new_user", detail: "" },
        { name: "velocity_high", detail: "" },
        { name: "ip_reserved", detail: "" },
      ],
      {},
    );
    expect(wireSignals(contributions).map((s) => s.name)).toEqual(["velocity_high", "ip_reserved", "new_user"]);
  });
});

describe("learning", () => {
  it("moves signals toward fraud with confirmed fraud and away with false positives, bounded", () => {
    expect(learnedAdjustments({ bin_prepaid: { fraud: 1, legit: 0 } }).bin_prepaid).toBeGreaterThan(0);
    expect(learnedAdjustments({ bin_prepaid: { fraud: 0, legit: 1 } }).bin_prepaid).toBeLessThan(0);
    expect(learnedAdjustments({ bin_prepaid: { fraud: 1000, legit: 0 } }).bin_prepaid).toBeLessThanOrEqual(20);
    expect(learnedAdjustments({ _base: { fraud: 1000, legit: 0 } })._base).toBeLessThanOrEqual(10);
    expect(learnedAdjustments({ bin_prepaid: { fraud: 2, legit: 2 } }).bin_prepaid).toBeUndefined();
  });
});

describe("rules", () => {
  const ctx = { signals: new Set(["velocity_high", "bin_prepaid"]), score: 60, amount: 5000, currency: "USD", paymentMethodType: "card" };
  const rule = (when: PolicyRule["when"], action: PolicyRule["action"] = "block", enabled = true): PolicyRule => ({
    id: "r",
    name: "r",
    enabled,
    action,
    when,
  });
  it("matches when every condition holds", () => {
    expect(ruleMatches(rule({ signals_all: ["velocity_high", "bin_prepaid"] }), ctx)).toBe(true);
    expect(ruleMatches(rule({ signals_all: ["velocity_high", "email_disposable"] }), ctx)).toBe(false);
    expect(ruleMatches(rule({ signals_any: ["email_disposable", "bin_prepaid"], amount_gte: 5000 }), ctx)).toBe(true);
    expect(ruleMatches(rule({ score_gte: 61 }), ctx)).toBe(false);
    expect(ruleMatches(rule({ currencies: ["EUR"] }), ctx)).toBe(false);
    expect(ruleMatches(rule({ merchant_ids: ["m1"] }), ctx)).toBe(false);
  });
  it("lets the first enabled matching rule decide, else the bands", () => {
    const bands = { block: 75, challenge: 40 };
    expect(decide(ctx, bands, [])).toMatchObject({ decision: "challenge", rule: null });
    expect(decide(ctx, bands, [rule({ score_gte: 0 }, "block", false), rule({ score_gte: 0 }, "allow")]).decision).toBe("allow");
  });
});

describe("BIN table", () => {
  it("takes the longest matching prefix and falls back to the shipped network prefixes", () => {
    const t = parseBinTable(
      "# comment\nbin_from,bin_to,scheme,type,prepaid,country\n4,,visa,unknown,,\n411111,,visa,credit,false,US\n53741000,53741099,mastercard,debit,true,US",
    );
    expect(t.lookup("41111199")).toMatchObject({ scheme: "visa", type: "credit", prepaid: false, country: "US" });
    expect(t.lookup("42424242")).toMatchObject({ scheme: "visa", type: "unknown", prepaid: null });
    expect(t.lookup("53741050")).toMatchObject({ prepaid: true });
    expect(t.lookup("53741100")).toBeNull();
    expect(binFacts("53741100", t)?.scheme).toBe("mastercard");
    expect(binFacts("999999", t)).toBeNull();
  });
  it("ships network prefixes of the major schemes", () => {
    const t = defaultBinTable();
    expect(t.lookup("411111")?.scheme).toBe("visa");
    expect(t.lookup("555555")?.scheme).toBe("mastercard");
    expect(t.lookup("222100")?.scheme).toBe("mastercard");
    expect(t.lookup("378282")?.scheme).toBe("american-express");
    expect(t.lookup("601100")?.scheme).toBe("discover");
    expect(t.lookup("353011")?.scheme).toBe("jcb");
    expect(t.lookup("220012")).toMatchObject({ scheme: "mir", country: "RU" });
  });
  it("reports the line of a bad row", () => {
    expect(() => parseBinTable("411111,,visa\n41,4,visa")).toThrow(CsvError);
    expect(() => parseBinTable("411111,,visa\n41,4,visa")).toThrow(/line 2/);
  });
});

describe("IP ranges", () => {
  it("matches the most specific range, IPv4 and IPv6, and unwraps mapped addresses", () => {
    const r = parseIpRanges("cidr,category\n10.0.0.0/8,hosting\n10.1.0.0/16,proxy\n2001:db8::/32,vpn\n8.8.8.8,tor");
    expect(r.match(parseIp("10.1.2.3")!)).toBe("proxy");
    expect(r.match(parseIp("10.2.2.3")!)).toBe("hosting");
    expect(r.match(parseIp("::ffff:10.1.0.1")!)).toBe("proxy");
    expect(r.match(parseIp("2001:db8:1::1")!)).toBe("vpn");
    expect(r.match(parseIp("8.8.8.8")!)).toBe("tor");
    expect(r.match(parseIp("8.8.8.9")!)).toBeNull();
  });
  it("names reserved ranges and leaves public unicast alone", () => {
    expect(reservedRange(parseIp("203.0.113.5")!)).toBe("reserved");
    expect(reservedRange(parseIp("fe80::1")!)).toBe("linkLocal");
    expect(reservedRange(parseIp("100.64.0.1")!)).toBe("carrierGradeNat");
    expect(reservedRange(parseIp("1.1.1.1")!)).toBeNull();
    expect(reservedRange(parseIp("2606:4700::1111")!)).toBeNull();
  });
  it("answers the same for an address parsed again (kept) and past the cache's size", () => {
    for (let round = 0; round < 2; round++) {
      expect(parseIp("::ffff:10.1.0.1")?.toString()).toBe("10.1.0.1");
      expect(parseIp("2001:DB8::1")?.toString()).toBe("2001:db8::1");
      expect(parseIp("999.1.1.1")).toBeNull();
      expect(parseIp(`1.1.1.1${" ".repeat(100)}`)).toBeNull();
    }
    for (let i = 0; i < 5000; i++) expect(parseIp(`10.${i >> 8}.${i & 255}.1`)?.kind()).toBe("ipv4");
    expect(parseIp("::ffff:10.1.0.1")?.toString()).toBe("10.1.0.1");
  });
});
