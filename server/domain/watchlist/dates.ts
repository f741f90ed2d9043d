import type { DobComparison, PartialDate } from "./types";

// Dates of birth as the lists write them ("DOB 12 Jan 1960; alt. DOB 1961", "circa 1957",
// "1951 to 1953", UN "Nov. 1973") and as screening queries send them (ISO), plus the comparison
// that lets a date of birth narrow a name match.

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

function monthNumber(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, "");
  return MONTHS[w.slice(0, 4) === "sept" ? "sept" : w.slice(0, 3)];
}

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const APPROX = /\b(circa|approximately|approx|about|around|ca)\b/i;

/**
 * One free-text date: "12 Jan 1960", "Jan 1960", "1960", "circa 1960", "1951 to 1953",
 * "01 Jan 1960 to 31 Dec 1962", "1960-01-12", "Between Aug. and Sep. 1977". Undefined when no year.
 */
export function parseFreeDate(text: string): PartialDate | undefined {
  const t = text.trim();
  const approximate = APPROX.test(t);
  const iso = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(t);
  if (iso) return fromParts(Number(iso[1]), Number(iso[2]), iso[3] ? Number(iso[3]) : undefined, approximate);
  const years = [...t.matchAll(/\b(1[89]\d\d|20\d\d)\b/g)].map((m) => Number(m[1]));
  if (years.length === 0) return undefined;
  const lo = Math.min(...years);
  const hi = Math.max(...years);
  if (hi !== lo) return { year: lo, yearTo: hi, approximate: true };
  const year = lo;
  const monthWords = [...t.matchAll(/\b([A-Za-z]{3,9})\.?(?=\s|$)/g)]
    .map((m) => monthNumber(m[1] as string))
    .filter((m): m is number => m !== undefined);
  // "Between Aug. and Sep. 1977": two months of one year is only a year, and an uncertain one.
  if (monthWords.length > 1) return { year, approximate: true };
  const dayMonth = /\b(\d{1,2})\s+([A-Za-z]{3,9})\.?\s+\d{4}\b/.exec(t);
  if (dayMonth) {
    const month = monthNumber(dayMonth[2] as string);
    if (month !== undefined) return fromParts(year, month, Number(dayMonth[1]), approximate);
  }
  if (monthWords.length === 1) return { year, month: monthWords[0], approximate };
  return { year, approximate };
}

function fromParts(year: number, month: number, day: number | undefined, approximate: boolean): PartialDate | undefined {
  if (month < 1 || month > 12) return { year, approximate };
  if (day === undefined) return { year, month, approximate };
  if (!validDay(year, month, day)) return { year, month, approximate };
  return { year, month, day, approximate };
}

/** All "DOB …" / "alt. DOB …" dates in an OFAC remarks field. */
export function parseOfacRemarkDates(remarks: string): PartialDate[] {
  const out: PartialDate[] = [];
  for (const segment of remarks.split(";")) {
    const m = /^\s*(?:alt\.\s+)?DOB\s+(.+?)\.?\s*$/.exec(segment);
    if (!m) continue;
    const d = parseFreeDate(m[1] as string);
    if (d) out.push(d);
  }
  return out;
}

/** A query date: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`. Throws on anything else, so callers can answer 400. */
export function parseQueryDate(value: string): PartialDate {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value.trim());
  if (!m) throw new RangeError(`dateOfBirth must be YYYY-MM-DD, got "${value}"`);
  const year = Number(m[1]);
  const month = m[2] ? Number(m[2]) : undefined;
  const day = m[3] ? Number(m[3]) : undefined;
  if (month !== undefined && (month < 1 || month > 12)) throw new RangeError(`invalid month in "${value}"`);
  if (month !== undefined && day !== undefined && !validDay(year, month, day)) {
    throw new RangeError(`invalid day in "${value}"`);
  }
  return { year, month, day, approximate: false };
}

/** `1960-01-12`, `Jan 1960`, `circa 1957`, `1951–1953`: how reviewers read a listed date. */
export function formatPartialDate(d: PartialDate): string {
  if (d.yearTo !== undefined) return `${d.year}–${d.yearTo}`;
  const prefix = d.approximate ? "circa " : "";
  if (d.month === undefined) return `${prefix}${d.year}`;
  const mm = String(d.month).padStart(2, "0");
  if (d.day === undefined) return `${prefix}${d.year}-${mm}`;
  return `${prefix}${d.year}-${mm}-${String(d.day).padStart(2, "0")}`;
}

const RANK: Record<DobComparison, number> = {
  exact: 6,
  day_month_swapped: 5,
  month: 4,
  year: 3,
  partial_conflict: 2,
  conflict: 1,
  not_compared: 0,
};

/** Years either side of an approximate ("circa") date that still count as agreeing. */
const APPROX_TOLERANCE = 2;

function compareOne(q: PartialDate, l: PartialDate): DobComparison {
  if (l.yearTo !== undefined) {
    return q.year >= l.year - 1 && q.year <= l.yearTo + 1 ? "year" : "conflict";
  }
  if (l.approximate) return Math.abs(q.year - l.year) <= APPROX_TOLERANCE ? "year" : "conflict";
  if (q.year !== l.year) return "conflict";
  if (l.month === undefined || q.month === undefined) return "year";
  if (l.day !== undefined && q.day !== undefined) {
    if (l.month === q.month && l.day === q.day) return "exact";
    if (l.month === q.day && l.day === q.month) return "day_month_swapped";
    return "partial_conflict";
  }
  return l.month === q.month ? "month" : "partial_conflict";
}

/** The best agreement between the query date and any of the listed dates. */
export function compareDob(query: PartialDate | undefined, listed: readonly PartialDate[]): DobComparison {
  if (!query || listed.length === 0) return "not_compared";
  let best: DobComparison = "conflict";
  for (const l of listed) {
    const c = compareOne(query, l);
    if (RANK[c] > RANK[best]) best = c;
  }
  return best;
}
