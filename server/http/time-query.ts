import { z } from "@hono/zod-openapi";

// start_time / end_time of list filters (events, alerts): ISO 8601 — a date (`2025-01-31`), a time
// to the minute or second, with fractions, with `Z` or an offset (none is UTC). Timestamps on the
// wire are to the second while rows keep milliseconds, so an end bound covers the whole of what
// it names: `end_time` equal to a row's displayed `created_at` includes that row ("before or at"),
// a minute covers its 60 seconds, a date alone its day. Impossible dates and times (2026-02-30,
// 2026-11-31, 24:00) are refused: JavaScript's Date would roll them over to the next day.

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

const DAY_MS = 86_400_000;

export function parseIsoTime(value: string, bound: "start" | "end"): Date | null {
  const m = ISO_8601.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  if (Number(h ?? 0) > 23 || Number(mi ?? 0) > 59 || Number(s ?? 0) > 59) return null;
  const z = !zone || zone.toUpperCase() === "Z" ? "Z" : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  if (Math.abs(Number(z === "Z" ? 0 : z.slice(1, 3))) > 14 || Number(z === "Z" ? 0 : z.slice(4, 6)) > 59) return null;
  const ms = frac ? frac.slice(1, 4).padEnd(3, "0") : "000";
  const date = new Date(`${y}-${mo}-${d}T${h ?? "00"}:${mi ?? "00"}:${s ?? "00"}.${ms}${z}`);
  if (Number.isNaN(date.getTime())) return null;
  if (bound === "start" || frac) return date;
  const covers = h === undefined ? DAY_MS : s === undefined ? 60_000 : 1_000;
  return new Date(date.getTime() + covers - 1);
}

/** A start or end bound as a query parameter: the instant it stands for, 400 when it is none. */
export const timeQuery = (bound: "start" | "end", description: string) =>
  z
    .string()
    .transform((v, ctx) => {
      const at = parseIsoTime(v, bound);
      if (at) return at;
      ctx.addIssue({ code: "custom", message: "must be an ISO 8601 timestamp, e.g. 2025-01-31T12:00:00Z" });
      return z.NEVER;
    })
    .optional()
    .openapi({ type: "string", description, example: "2025-01-31T12:00:00Z" });

/** A required start or end bound (a body field or query parameter): the instant it stands for. */
export const requiredTime = (bound: "start" | "end", description: string) =>
  z
    .string()
    .transform((v, ctx) => {
      const at = parseIsoTime(v, bound);
      if (at) return at;
      ctx.addIssue({ code: "custom", message: "must be an ISO 8601 timestamp, e.g. 2025-01-31T12:00:00Z" });
      return z.NEVER;
    })
    .openapi({ type: "string", description, example: "2025-01-31T12:00:00Z" });

/** A period's refinement: end not before start, and at most `maxDays` long (400 naming end_time and the limit). */
export function periodIssues(maxDays: number) {
  return (p: { start_time: Date; end_time: Date }, ctx: z.RefinementCtx) => {
    if (p.end_time < p.start_time) ctx.addIssue({ code: "custom", path: ["end_time"], message: "must not be before start_time" });
    else if (p.end_time.getTime() - p.start_time.getTime() > maxDays * DAY_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["end_time"],
        message: `must not be more than ${maxDays} days after start_time (the longest period is one year)`,
      });
    }
  };
}
