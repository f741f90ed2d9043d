import { describe, expect, it } from "vitest";
import { forecastQueue } from "./forecast";

const now = new Date("2026-11-28T12:00:00Z");
const inH = (h: number) => new Date(now.getTime() + h * 3_600_000);
const base = { now, inflowPerHour: 0, clearedPerHour: 2, activeAnalysts: 2, dueSeconds: 4 * 3_600 };

describe("the breach forecast", () => {
  it("is on track when the backlog is cleared in time and arrivals do not outgrow clearance", () => {
    // Cleared at 0.5 h, 1 h, 1.5 h: due at 1, 2, 3 h.
    const f = forecastQueue({ ...base, dueTimes: [inH(1), inH(2), inH(3)], inflowPerHour: 2 });
    expect(f).toEqual({ backlog: 3, overdue: 0, per_analyst_per_hour: 1, breach_at: null, breach_cause: null, analysts_needed: 2 });
  });

  it("finds the first waiting item that will not be reached before its due time", () => {
    // 1 an hour: the 3rd item is reached after 3 h but is due in 2.5 h.
    const f = forecastQueue({ ...base, clearedPerHour: 1, activeAnalysts: 1, dueTimes: [inH(2), inH(2.25), inH(2.5), inH(10)] });
    expect(f.breach_cause).toBe("backlog");
    expect(f.breach_at).toEqual(inH(2.5));
    // 3 items within 2.5 h: 1.2 an hour, 2 analysts at 1 an hour each.
    expect(f.analysts_needed).toBe(2);
  });

  it("counts overdue items as already breached and ahead of the others", () => {
    const f = forecastQueue({ ...base, clearedPerHour: 1, activeAnalysts: 1, dueTimes: [inH(-1), inH(1.5)] });
    expect(f).toMatchObject({ backlog: 2, overdue: 1, breach_cause: "backlog", breach_at: inH(1.5) });
    // 2 items (the overdue one first) within 1.5 h: 1.33 an hour, 2 analysts.
    expect(f.analysts_needed).toBe(2);
  });

  it("forecasts the breach of arrivals when inflow outgrows clearance", () => {
    // Empty queue, 3 in and 2 out an hour, due in 4 h: the queue reaches mu × due = 8 after 8 h,
    // and the item arriving then breaches 4 h later.
    const f = forecastQueue({ ...base, inflowPerHour: 3, dueTimes: [] });
    expect(f.breach_cause).toBe("inflow");
    expect(f.breach_at).toEqual(inH(12));
    expect(f.analysts_needed).toBe(3);
  });

  it("has no pace to go by when nothing was cleared: every waiting item breaches, analysts unknown", () => {
    const f = forecastQueue({ ...base, clearedPerHour: 0, dueTimes: [inH(3)] });
    expect(f).toMatchObject({ breach_cause: "backlog", breach_at: inH(3), per_analyst_per_hour: null, analysts_needed: null });
  });
});
