import { describe, expect, it } from "vitest";
import { signalNames } from "../../server/domain/scoring/signals";
import { explainSignal, formatPoints, humanise, knownSignalNames, sortSignals, weightLabel } from "./signals";

// The engine's catalogue itself (a test may read the API's code; the console never does): the
// console must explain every signal the engine can emit, and no signal it cannot.
const documented = signalNames;

describe("explainSignal", () => {
  it("explains every documented signal in a full sentence", () => {
    for (const name of documented) {
      const text = explainSignal({ name, weight: "medium_risk" });
      expect(text.known, name).toBe(true);
      expect(text.title.length, name).toBeGreaterThan(3);
      expect(text.summary, name).toMatch(/^[A-Z0-9].*[.]$/);
      expect(text.summary, name).not.toContain("_");
    }
    expect([...knownSignalNames].sort()).toEqual([...documented].sort());
  });

  it("says which way a signal moves the risk", () => {
    expect(explainSignal({ name: "device_trusted", weight: "low_risk" }).direction).toBe("lowers");
    expect(explainSignal({ name: "velocity_high", weight: "high_risk" }).direction).toBe("raises");
  });

  it("uses the API's trigger text for a signal the console does not know", () => {
    const text = explainSignal({ name: "merchant_new_country", weight: "medium_risk" }, "the merchant has never sold to this country");
    expect(text).toEqual({
      title: "Merchant new country",
      summary: "The merchant has never sold to this country.",
      direction: "raises",
      known: false,
    });
  });

  it("falls back to a sentence built from the name and weight", () => {
    const risky = explainSignal({ name: "geo_impossible_travel", weight: "high_risk" });
    expect(risky.known).toBe(false);
    expect(risky.title).toBe("Geo impossible travel");
    expect(risky.summary).toContain("“geo_impossible_travel”");
    expect(risky.summary).toContain("high risk");
    expect(explainSignal({ name: "loyal_customer", weight: "low_risk" }, "  ").summary).toContain("reassuring");
  });

  it("prefers its own words to the API's for known signals", () => {
    expect(explainSignal({ name: "new_user", weight: "medium_risk" }, "no earlier live score").summary).toContain("first payment");
  });
});

describe("formatting", () => {
  it("signs points with a real minus and singularises one point", () => {
    expect(formatPoints(45)).toBe("+45 points");
    expect(formatPoints(-15)).toBe("−15 points");
    expect(formatPoints(1)).toBe("+1 point");
    expect(formatPoints(0)).toBe("0 points");
    expect(formatPoints(12.345)).toBe("+12.3 points");
  });

  it("labels weights, unknown ones readably", () => {
    expect(weightLabel("low_risk")).toBe("Reassuring");
    expect(weightLabel("high_risk")).toBe("High risk");
    expect(weightLabel("critical_risk")).toBe("Critical risk");
    expect(humanise("")).toBe("Unnamed signal");
  });

  it("sorts strongest first: by points, else by weight, reassuring last", () => {
    const byPoints = sortSignals([
      { name: "a", weight: "low_risk", points: -10 },
      { name: "b", weight: "high_risk", points: 45 },
      { name: "c", weight: "medium_risk", points: 15 },
    ]);
    expect(byPoints.map((s) => s.name)).toEqual(["b", "c", "a"]);
    const byWeight = sortSignals([
      { name: "z", weight: "low_risk" },
      { name: "y", weight: "medium_risk" },
      { name: "x", weight: "high_risk" },
    ]);
    expect(byWeight.map((s) => s.name)).toEqual(["x", "y", "z"]);
  });
});
