import { describe, expect, it } from "vitest";
import {
  detectionChanges,
  DetectionThresholdsInputSchema,
  detectors,
  parseNumberInput,
  type DetectionThresholds,
} from "./detection-policy";

const defaults: DetectionThresholds = {
  card_testing: { enabled: true, distinct_cards: 10, window_minutes: 10, small_amount: 1000, small_share: 0.7 },
  velocity_spike: { enabled: true, scores: 20, window_minutes: 5, account_multiplier: 3, account_min_scores: 100 },
  new_device_cluster: { enabled: true, distinct_users: 5, window_minutes: 60, new_within_hours: 24 },
  ato_pattern: { enabled: true, users: 3, follow_minutes: 60, amount_multiplier: 3, window_hours: 24 },
  identity_abuse: { enabled: true, user_ids: 3 },
};

describe("DetectionThresholdsInputSchema", () => {
  it("accepts the documented defaults", () => {
    expect(DetectionThresholdsInputSchema.safeParse(defaults).success).toBe(true);
  });
  it("applies the API's ranges and names the field", () => {
    const result = DetectionThresholdsInputSchema.safeParse({
      ...defaults,
      card_testing: { ...defaults.card_testing, window_minutes: 61 },
    });
    expect(result.error!.issues[0]!.path.join(".")).toBe("card_testing.window_minutes");
    expect(DetectionThresholdsInputSchema.safeParse({ ...defaults, identity_abuse: { enabled: true, user_ids: 1 } }).success).toBe(false);
    expect(
      DetectionThresholdsInputSchema.safeParse({ ...defaults, card_testing: { ...defaults.card_testing, small_share: 1.2 } }).success,
    ).toBe(false);
    expect(
      DetectionThresholdsInputSchema.safeParse({ ...defaults, card_testing: { ...defaults.card_testing, distinct_cards: 2.5 } }).success,
    ).toBe(false);
    expect(
      DetectionThresholdsInputSchema.safeParse({ ...defaults, velocity_spike: { ...defaults.velocity_spike, account_multiplier: 2.5 } })
        .success,
    ).toBe(true);
  });
  it("describes every detector the API has", () => {
    expect(detectors.map((d) => d.name).sort()).toEqual(Object.keys(defaults).sort());
    for (const info of detectors)
      expect(info.fields.map((f) => f.key).sort()).toEqual(
        Object.keys(defaults[info.name])
          .filter((k) => k !== "enabled")
          .sort(),
      );
  });
});

describe("detectionChanges", () => {
  it("lists each changed field and switch", () => {
    const draft = structuredClone(defaults);
    draft.card_testing.window_minutes = 15;
    draft.identity_abuse.enabled = false;
    expect(detectionChanges(defaults, draft)).toEqual(["Card testing, window (minutes): 10 → 15", "Identity abuse: switch off"]);
    expect(detectionChanges(defaults, structuredClone(defaults))).toEqual([]);
  });
});

describe("parseNumberInput", () => {
  it("reads numbers and makes blanks NaN", () => {
    expect(parseNumberInput(" 12 ")).toBe(12);
    expect(parseNumberInput("0.7")).toBe(0.7);
    expect(parseNumberInput("")).toBeNaN();
    expect(parseNumberInput("1,000")).toBeNaN();
  });
});
