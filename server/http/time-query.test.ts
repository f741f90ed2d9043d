import { describe, expect, it } from "vitest";
import { parseIsoTime } from "./time-query";

const iso = (d: Date | null) => d?.toISOString() ?? null;

describe("parseIsoTime", () => {
  it("reads dates, minutes, seconds and fractions, with Z, an offset or no zone (UTC)", () => {
    expect(iso(parseIsoTime("2026-11-26", "start"))).toBe("2026-11-26T00:00:00.000Z");
    expect(iso(parseIsoTime("2026-11-26T10:15", "start"))).toBe("2026-11-26T10:15:00.000Z");
    expect(iso(parseIsoTime("2026-11-26T10:15:30+01:00", "start"))).toBe("2026-11-26T09:15:30.000Z");
    expect(iso(parseIsoTime("2026-11-26 10:15:30.25-0500", "start"))).toBe("2026-11-26T15:15:30.250Z");
  });

  it("widens an end bound to the whole day, minute or second it names; fractions are exact", () => {
    expect(iso(parseIsoTime("2026-11-26", "end"))).toBe("2026-11-26T23:59:59.999Z");
    expect(iso(parseIsoTime("2026-11-26T10:15Z", "end"))).toBe("2026-11-26T10:15:59.999Z");
    expect(iso(parseIsoTime("2026-11-26T10:15:30Z", "end"))).toBe("2026-11-26T10:15:30.999Z");
    expect(iso(parseIsoTime("2026-11-26T10:15:30.000Z", "end"))).toBe("2026-11-26T10:15:30.000Z");
  });

  it("refuses impossible dates and times instead of rolling them over, with or without a zone", () => {
    for (const v of [
      "2026-11-31T00:00:00Z",
      "2026-02-29T00:00:00Z",
      "2025-02-30",
      "2026-11-26T24:00:00Z",
      "2026-11-26T10:60Z",
      "2026-11-26T10:00:00+15:00",
      "26-11-2026",
      "yesterday",
    ]) {
      expect(parseIsoTime(v, "start"), v).toBeNull();
    }
    expect(iso(parseIsoTime("2028-02-29T00:00:00Z", "start"))).toBe("2028-02-29T00:00:00.000Z");
  });
});
