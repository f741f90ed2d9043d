import { describe, expect, it } from "vitest";
import { lastDays, PeriodFormSchema, periodBounds } from "./period";

describe("period", () => {
  it("covers whole UTC days, both ends included", () => {
    expect(periodBounds({ start: "2026-11-01", end: "2026-11-30" })).toEqual({
      start_time: "2026-11-01T00:00:00Z",
      end_time: "2026-11-30T23:59:59Z",
    });
  });

  it("refuses an end before the start, next to the end", () => {
    const parsed = PeriodFormSchema.safeParse({ start: "2026-11-02", end: "2026-11-01" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["end"]);
    expect(PeriodFormSchema.safeParse({ start: "2026-11-01", end: "2026-11-01" }).success).toBe(true);
    expect(PeriodFormSchema.safeParse({ start: "", end: "2026-11-01" }).success).toBe(false);
  });

  it("counts the last days up to today", () => {
    expect(lastDays(14, new Date("2026-11-28T04:00:00Z"))).toEqual({ start: "2026-11-15", end: "2026-11-28" });
  });
});
