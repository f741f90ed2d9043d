import { describe, expect, it } from "vitest";
import { fillScoreDays, groupAlerts, scoreDays } from "./overview";

describe("overview shaping", () => {
  it("covers 14 UTC days ending with today's, across a month end", () => {
    const days = scoreDays(new Date("2026-12-03T23:59:59Z"));
    expect(days).toHaveLength(14);
    expect(days[0]).toBe("2026-11-20");
    expect(days.at(-1)).toBe("2026-12-03");
  });

  it("zero-fills the grid and ignores rows outside it", () => {
    const grid = fillScoreDays(
      ["2026-11-20", "2026-11-21"],
      [
        { day: "2026-11-21", decision: "block", n: 2 },
        { day: "2026-11-21", decision: "allow", n: 5 },
        { day: "2026-11-19", decision: "allow", n: 9 },
      ],
    );
    expect(grid).toEqual([
      { date: "2026-11-20", allow: 0, challenge: 0, block: 0 },
      { date: "2026-11-21", allow: 5, challenge: 0, block: 2 },
    ]);
  });

  it("groups open alerts by type with a severity split, busiest first, every known type present", () => {
    const g = groupAlerts([
      { alert_type: "velocity_spike", severity: "high", n: 1 },
      { alert_type: "card_testing", severity: "critical", n: 2 },
      { alert_type: "card_testing", severity: "medium", n: 1 },
    ]);
    expect(g.total).toBe(4);
    expect(g.by_type[0]).toEqual({ alert_type: "card_testing", total: 3, low: 0, medium: 1, high: 0, critical: 2 });
    expect(g.by_type[1]).toMatchObject({ alert_type: "velocity_spike", total: 1, high: 1 });
    expect(g.by_type).toHaveLength(5);
  });
});
