import { createHash } from "node:crypto";
import type { Alias, EntityDraft, PartialDate, WatchlistEntity } from "./types";

// Finishing touches every parser applies: de-duplicated names and dates, and the content version.

/** Collapses whitespace; list files are full of doubled and trailing spaces. */
export function clean(value: string | undefined | null): string {
  if (!value) return "";
  const t = value.trim();
  // Most values are already clean; testing first avoids a new string per cell on large files.
  return /\s\s|[\t\n\r\f\v\u00a0]/.test(t) ? t.replace(/\s+/g, " ") : t;
}

function dateKey(d: PartialDate): string {
  return `${d.year}|${d.month ?? ""}|${d.day ?? ""}|${d.approximate ? 1 : 0}|${d.yearTo ?? ""}`;
}

/** Drops empty aliases, aliases equal to the primary name, and repeats (keeping the strongest). */
export function dedupeAliases(primaryName: string, aliases: readonly Alias[]): Alias[] {
  const seen = new Map<string, Alias>();
  const primaryKey = clean(primaryName).toLowerCase();
  for (const a of aliases) {
    const name = clean(a.name);
    const key = name.toLowerCase();
    if (!name || key === primaryKey) continue;
    const prev = seen.get(key);
    if (!prev) seen.set(key, { ...a, name });
    else if (prev.strength === "weak" && a.strength === "strong") seen.set(key, { ...a, name });
  }
  return [...seen.values()];
}

export function dedupeDates(dates: readonly PartialDate[]): PartialDate[] {
  const seen = new Map<string, PartialDate>();
  for (const d of dates) if (!seen.has(dateKey(d))) seen.set(dateKey(d), d);
  return [...seen.values()];
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.map(clean).filter(Boolean))];
}

/**
 * A short content hash of the entry. Computed from a fixed field order so the same entry always
 * hashes the same, whatever order the parser filled the object in.
 */
export function entityVersion(e: EntityDraft): string {
  const canonical = JSON.stringify([
    e.id,
    e.list,
    e.type,
    e.sourceType,
    e.primaryName,
    e.aliases.map((a) => [a.name, a.strength, a.kind ?? ""]),
    e.datesOfBirth.map(dateKey),
    e.nationalities,
    e.programmes,
    e.remarks,
    Object.keys(e.details)
      .sort()
      .map((k) => [k, e.details[k]]),
  ]);
  return createHash("sha256").update(canonical).digest("hex").slice(0, 16);
}

/** Normalises a parser's draft into the final entity, version included. */
export function finalizeEntity(draft: EntityDraft): WatchlistEntity {
  const primaryName = clean(draft.primaryName);
  const details: Record<string, string> = {};
  for (const [k, v] of Object.entries(draft.details)) if (clean(v)) details[k] = clean(v);
  const e: EntityDraft = {
    ...draft,
    primaryName,
    aliases: dedupeAliases(primaryName, draft.aliases),
    datesOfBirth: dedupeDates(draft.datesOfBirth),
    nationalities: unique(draft.nationalities),
    programmes: unique(draft.programmes),
    remarks: clean(draft.remarks),
    details,
  };
  return { ...e, version: entityVersion(e) };
}
