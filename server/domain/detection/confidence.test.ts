import { describe, expect, it } from "vitest";
import {
  atoConfidence,
  cardTestingConfidence,
  deviceClusterConfidence,
  excess,
  identityAbuseConfidence,
  velocityConfidence,
} from "./confidence";
import { mergeThresholds, DEFAULT_THRESHOLDS } from "./settings";
import { clientIp, COMMIT_SKEW_MS, probes } from "./windows";

describe("confidence", () => {
  it("grows linearly from the threshold to three times it, then stays", () => {
    expect(excess(1)).toBe(0);
    expect(excess(2)).toBe(0.5);
    expect(excess(3)).toBe(1);
    expect(excess(10)).toBe(1);
    expect(velocityConfidence(1)).toBe(0.55);
    expect(velocityConfidence(2)).toBe(0.75);
    expect(velocityConfidence(5)).toBe(0.95);
    expect(deviceClusterConfidence(1)).toBe(0.6);
    expect(atoConfidence(1)).toBe(0.75);
    expect(atoConfidence(3)).toBe(0.95);
  });

  it("weighs the share of small amounts in card testing, never reaching certainty", () => {
    expect(cardTestingConfidence(1, 1)).toBe(0.75);
    expect(cardTestingConfidence(1, 0)).toBe(0.45);
    expect(cardTestingConfidence(1, 0.7)).toBe(0.66);
    expect(cardTestingConfidence(3, 1)).toBe(0.99);
  });

  it("trusts a shared document more than a shared phone, and a phone more than an address", () => {
    expect(identityAbuseConfidence("document", 1)).toBe(0.8);
    expect(identityAbuseConfidence("phone", 1)).toBe(0.65);
    expect(identityAbuseConfidence("address", 1)).toBe(0.5);
    expect(identityAbuseConfidence("address", 3)).toBe(0.65);
  });
});

describe("window probes", () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12) + seconds * 1000);
  it("evaluates a key once per cluster of events, at the latest one, with the commit skew above it", () => {
    const list = probes(
      [
        { at: at(0), k: "a" },
        { at: at(0.5), k: "a" },
        { at: at(5), k: "a" },
        { at: at(1), k: "b" },
        { at: at(2), k: null },
      ],
      (r) => r.k,
      60_000,
    );
    expect(list.map((p) => [p.key, p.ref.toISOString()])).toEqual([
      ["a", at(0.5).toISOString()],
      ["a", at(5).toISOString()],
      ["b", at(1).toISOString()],
    ]);
    expect(list[1]!.lo.getTime()).toBe(at(5).getTime() - 60_000);
    expect(list[1]!.hi.getTime()).toBe(at(5).getTime() + COMMIT_SKEW_MS);
  });

  it("keeps public and documentation addresses as keys, not private or loopback ones", () => {
    expect(clientIp("81.2.69.160")).toBe("81.2.69.160");
    expect(clientIp("203.0.113.7")).toBe("203.0.113.7");
    expect(clientIp("2a00:1450::1")).toBe("2a00:1450::1");
    for (const ip of ["10.1.2.3", "192.168.0.1", "127.0.0.1", "::1", "fd00::1", "169.254.1.1", "100.64.0.1", null])
      expect(clientIp(ip)).toBeNull();
  });
});

describe("thresholds", () => {
  it("lays the overrides over the defaults, ignoring unknown detectors, fields and types", () => {
    const t = mergeThresholds({ card_testing: { distinct_cards: 4, nope: 1, window_minutes: "9" }, unknown: { x: 1 } } as never);
    expect(t.card_testing).toEqual({ ...DEFAULT_THRESHOLDS.card_testing, distinct_cards: 4 });
    expect(t.velocity_spike).toEqual(DEFAULT_THRESHOLDS.velocity_spike);
    expect(mergeThresholds(null)).toEqual(DEFAULT_THRESHOLDS);
  });
});
