import { describe, expect, it } from "vitest";
import { compareDob, formatPartialDate, parseFreeDate, parseOfacRemarkDates, parseQueryDate } from "./dates";

describe("parseFreeDate", () => {
  it("reads full dates, month-year and year-only dates", () => {
    expect(parseFreeDate("12 Jan 1960")).toEqual({ year: 1960, month: 1, day: 12, approximate: false });
    expect(parseFreeDate("05 September 1971")).toEqual({ year: 1971, month: 9, day: 5, approximate: false });
    expect(parseFreeDate("Jan 1960")).toEqual({ year: 1960, month: 1, approximate: false });
    expect(parseFreeDate("Nov. 1973 ")).toEqual({ year: 1973, month: 11, approximate: false });
    expect(parseFreeDate("1960")).toEqual({ year: 1960, approximate: false });
    expect(parseFreeDate("1960-01-12")).toEqual({ year: 1960, month: 1, day: 12, approximate: false });
  });

  it("reads approximate dates and ranges", () => {
    expect(parseFreeDate("circa 1957")).toEqual({ year: 1957, approximate: true });
    expect(parseFreeDate("1951 to 1953")).toEqual({ year: 1951, yearTo: 1953, approximate: true });
    expect(parseFreeDate("01 Jan 1960 to 31 Dec 1962")).toEqual({ year: 1960, yearTo: 1962, approximate: true });
    expect(parseFreeDate("Between Aug. and Sep. 1977")).toEqual({ year: 1977, approximate: true });
  });

  it("rejects text without a plausible year and impossible days", () => {
    expect(parseFreeDate("30-35 years old")).toBeUndefined();
    expect(parseFreeDate("24/06/1402 (Hijri Calendar)")).toBeUndefined();
    expect(parseFreeDate("31 Feb 1960")).toEqual({ year: 1960, month: 2, approximate: false });
  });
});

describe("parseOfacRemarkDates", () => {
  it("finds every DOB and alt. DOB in a remarks field", () => {
    const remarks = "DOB 12 Jan 1960; alt. DOB 1961; alt. DOB circa 1958; POB Giza, Egypt; nationality Egypt.";
    expect(parseOfacRemarkDates(remarks)).toEqual([
      { year: 1960, month: 1, day: 12, approximate: false },
      { year: 1961, approximate: false },
      { year: 1958, approximate: true },
    ]);
  });

  it("handles a DOB at the end of the remarks", () => {
    expect(parseOfacRemarkDates("POB Foca; DOB 1951 to 1953.")).toEqual([{ year: 1951, yearTo: 1953, approximate: true }]);
    expect(parseOfacRemarkDates("Passport 123; Linked To: X.")).toEqual([]);
  });
});

describe("parseQueryDate", () => {
  it("accepts YYYY-MM-DD, YYYY-MM and YYYY", () => {
    expect(parseQueryDate("1960-01-12")).toEqual({ year: 1960, month: 1, day: 12, approximate: false });
    expect(parseQueryDate("1960-01")).toMatchObject({ year: 1960, month: 1 });
    expect(parseQueryDate("1960")).toMatchObject({ year: 1960 });
  });

  it("throws a RangeError on anything else", () => {
    expect(() => parseQueryDate("12/01/1960")).toThrow(RangeError);
    expect(() => parseQueryDate("1960-13-01")).toThrow(RangeError);
    expect(() => parseQueryDate("1961-02-29")).toThrow(RangeError);
  });
});

describe("compareDob", () => {
  const q = parseQueryDate("1960-01-12");

  it("ranks the best agreement among listed dates", () => {
    expect(compareDob(q, [{ year: 1960, month: 1, day: 12, approximate: false }])).toBe("exact");
    expect(compareDob(q, [{ year: 1960, month: 12, day: 1, approximate: false }])).toBe("day_month_swapped");
    expect(compareDob(q, [{ year: 1960, month: 1, approximate: false }])).toBe("month");
    expect(compareDob(q, [{ year: 1960, approximate: false }])).toBe("year");
    expect(compareDob(q, [{ year: 1958, approximate: true }])).toBe("year");
    expect(compareDob(q, [{ year: 1959, yearTo: 1961, approximate: true }])).toBe("year");
    expect(compareDob(q, [{ year: 1960, month: 3, day: 4, approximate: false }])).toBe("partial_conflict");
    expect(compareDob(q, [{ year: 1970, approximate: false }])).toBe("conflict");
    expect(
      compareDob(q, [
        { year: 1970, approximate: false },
        { year: 1960, approximate: false },
      ]),
    ).toBe("year");
  });

  it("does not compare when either side has no date", () => {
    expect(compareDob(undefined, [{ year: 1960, approximate: false }])).toBe("not_compared");
    expect(compareDob(q, [])).toBe("not_compared");
  });

  it("formats listed dates for reviewers", () => {
    expect(formatPartialDate({ year: 1960, month: 1, day: 2, approximate: false })).toBe("1960-01-02");
    expect(formatPartialDate({ year: 1957, approximate: true })).toBe("circa 1957");
    expect(formatPartialDate({ year: 1951, yearTo: 1953, approximate: true })).toBe("1951–1953");
  });
});
