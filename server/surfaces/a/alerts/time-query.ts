import { z } from "@hono/zod-openapi";

// start_time / end_time of list filters: ISO 8601 (`2025-01-31`, `2025-01-31T10:00:00Z`, with an
// offset, or with fractions). Timestamps on the wire are to the second while rows keep
// milliseconds, so an end bound without fractions covers its whole second: `end_time` equal to a
// row's displayed `created_at` includes that row ("before or at").

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

export function parseIsoTime(value: string, bound: "start" | "end"): Date | null {
  const m = ISO_8601.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00", frac, zone] = m;
  const z = !zone || zone.toUpperCase() === "Z" ? "Z" : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const ms = frac ? frac.slice(1, 4).padEnd(3, "0") : "000";
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}${z}`);
  if (Number.isNaN(date.getTime())) return null;
  // Reject impossible calendar dates that Date silently rolls over (2025-02-30).
  if (!zone && date.getUTCDate() !== Number(d)) return null;
  if (bound === "end" && !frac) return new Date(date.getTime() + 999);
  return date;
}

export const timeQuery = (bound: "start" | "end", description: string) =>
  z
    .string()
    .refine((v) => parseIsoTime(v, bound) !== null, { message: "must be an ISO 8601 timestamp" })
    .optional()
    .openapi({ description, example: "2025-01-31T10:00:00Z" });
