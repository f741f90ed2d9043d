import { describe, expect, it } from "vitest";
import type { SeverityForecast } from "../api/wire";
import { analystsNeededText, forecastInputs, forecastReason } from "./forecast";

const base: SeverityForecast = {
  object: "severity_forecast",
  severity: "critical",
  due_seconds: 4 * 3600,
  opened: 5,
  resolved: 2,
  analysts_resolving: 1,
  inflow_per_hour: 1.25,
  cleared_per_hour: 0.5,
  backlog: 3,
  overdue: 0,
  per_analyst_per_hour: 0.5,
  breach_at: "2026-11-28T13:00:00Z",
  breach_cause: "backlog",
  analysts_needed: 3,
};

describe("the forecast's wording", () => {
  it("names its inputs", () => {
    expect(forecastInputs(base, 4)).toBe(
      "5 opened and 2 resolved in the last 4 h (1.25/h in, 0.5/h out) by 1 analyst; each due 4 h after opening.",
    );
  });

  it("explains each cause", () => {
    expect(forecastReason(base)).toMatch(/reached after its due time/);
    expect(forecastReason({ ...base, cleared_per_hour: 0 })).toMatch(/Nothing was resolved/);
    expect(forecastReason({ ...base, breach_cause: "inflow" })).toMatch(/1.25\/h > 0.5\/h/);
    expect(forecastReason({ ...base, breach_cause: null, breach_at: null })).toMatch(/before it is due/);
    expect(forecastReason({ ...base, backlog: 0, inflow_per_hour: 0 })).toBe("Nothing waiting and nothing arriving.");
  });

  it("says how many analysts, or nothing without a pace", () => {
    expect(analystsNeededText(base)).toBe("3 (at 0.5/h each)");
    expect(analystsNeededText({ ...base, analysts_needed: null, per_analyst_per_hour: null })).toBe("—");
  });
});
