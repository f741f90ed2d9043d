import { describe, expect, it } from "vitest";
import { computeSeverity, severityScore, toMajorUnits } from "./severity";

const base = { confidence: 0, affectedUsers: 0, affectedTransactions: 0, exposureMinor: 0, currency: "USD" };

describe("alert severity", () => {
  it("scores each factor by its documented thresholds", () => {
    expect(severityScore({ ...base, confidence: 0.49 }).confidence).toBe(0);
    expect(severityScore({ ...base, confidence: 0.5 }).confidence).toBe(1);
    expect(severityScore({ ...base, confidence: 0.75 }).confidence).toBe(2);
    expect(severityScore({ ...base, confidence: 0.9 }).confidence).toBe(3);
    expect(severityScore({ ...base, affectedUsers: 4 }).volume).toBe(0);
    expect(severityScore({ ...base, affectedUsers: 5 }).volume).toBe(1);
    expect(severityScore({ ...base, affectedTransactions: 20 }).volume).toBe(2);
    expect(severityScore({ ...base, affectedUsers: 3, affectedTransactions: 50 }).volume).toBe(3);
    expect(severityScore({ ...base, exposureMinor: 99_999 }).exposure).toBe(0);
    expect(severityScore({ ...base, exposureMinor: 100_000 }).exposure).toBe(1);
    expect(severityScore({ ...base, exposureMinor: 1_000_000 }).exposure).toBe(2);
    expect(severityScore({ ...base, exposureMinor: 5_000_000 }).exposure).toBe(3);
  });

  it("maps the total to a level", () => {
    expect(computeSeverity(base)).toBe("low");
    expect(computeSeverity({ ...base, confidence: 0.9 })).toBe("medium"); // 3
    expect(computeSeverity({ ...base, confidence: 0.9, affectedUsers: 5, exposureMinor: 100_000 })).toBe("high"); // 5
    expect(computeSeverity({ ...base, confidence: 0.9, affectedUsers: 20, exposureMinor: 1_000_000 })).toBe("critical"); // 7
    expect(computeSeverity({ ...base, confidence: 0.95, affectedUsers: 60, exposureMinor: 9_000_000 })).toBe("critical");
  });

  it("reads exposure in major units of its currency", () => {
    expect(toMajorUnits(150_000, "USD")).toBe(1_500);
    expect(toMajorUnits(150_000, "JPY")).toBe(150_000);
    expect(toMajorUnits(150_000, "BHD")).toBe(150);
    // 1,000 yen is not 10 dollars: ¥100,000 reaches the 1,000 threshold only as 100,000 yen.
    expect(severityScore({ ...base, exposureMinor: 1_000, currency: "JPY" }).exposure).toBe(1);
    expect(severityScore({ ...base, exposureMinor: 1_000, currency: "USD" }).exposure).toBe(0);
  });

  it("never decreases when an alert only grows", () => {
    const levels = ["low", "medium", "high", "critical"];
    let previous = 0;
    for (let n = 0; n <= 60; n += 3) {
      const level = levels.indexOf(
        computeSeverity({
          confidence: Math.min(1, n / 60),
          affectedUsers: n,
          affectedTransactions: n * 2,
          exposureMinor: n * 100_000,
          currency: "EUR",
        }),
      );
      expect(level).toBeGreaterThanOrEqual(previous);
      previous = level;
    }
    expect(previous).toBe(3);
  });
});
