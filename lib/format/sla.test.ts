import { describe, expect, it } from "vitest";
import { ageText, dueText, formatDuration, formatLocalDateTime, slaDisplay } from "./sla";

const now = Date.parse("2026-11-28T12:00:00Z");

describe("SLA wording", () => {
  it("words durations in their two largest units", () => {
    expect(formatDuration(42)).toBe("42 s");
    expect(formatDuration(12 * 60 + 5)).toBe("12 min");
    expect(formatDuration(3 * 3600)).toBe("3 h");
    expect(formatDuration(3 * 3600 + 20 * 60)).toBe("3 h 20 min");
    expect(formatDuration(52 * 3600)).toBe("2 d 4 h");
  });

  it("says due in, overdue by, or met", () => {
    expect(dueText("2026-11-28T15:00:00Z", "on_track", now)).toBe("due in 3 h");
    expect(dueText("2026-11-28T11:40:00Z", "breached", now)).toBe("overdue by 20 min");
    expect(dueText("2026-11-28T11:40:00Z", "met", now)).toBe("met");
    expect(ageText("2026-11-27T12:00:00Z", now)).toBe("1 d");
  });

  it("shows times in the analyst's zone", () => {
    expect(formatLocalDateTime("2026-11-28T12:00:00Z", "Europe/Paris")).toMatch(/28 Nov.*13:00 CET/);
    expect(formatLocalDateTime("2026-11-28T12:00:00Z", "UTC")).toMatch(/12:00 UTC/);
  });
});

describe("slaDisplay", () => {
  const due = "2026-11-20T10:00:00Z";
  const later = Date.parse("2026-11-28T10:00:00Z");
  it("runs the clock of an unfinished item", () => {
    expect(slaDisplay(due, "breached", false, later)).toEqual({ label: "Overdue", time: "overdue by 8 d" });
    expect(slaDisplay(due, "on_track", false, Date.parse("2026-11-20T07:00:00Z"))).toEqual({ label: "On track", time: "due in 3 h" });
    expect(slaDisplay(due, "on_track", false, null)).toEqual({ label: "On track", time: "…" });
  });
  it("stops the clock of a finished item: Met, or Breached when it was late, and no running time", () => {
    expect(slaDisplay(due, "breached", true, later)).toEqual({ label: "Breached", time: null });
    expect(slaDisplay(due, "met", true, later)).toEqual({ label: "Met", time: null });
  });
});
