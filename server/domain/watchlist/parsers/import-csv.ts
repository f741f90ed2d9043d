import { createHash } from "node:crypto";
import { parseFreeDate } from "../dates";
import { clean, finalizeEntity } from "../entity";
import { nameKey, normalizeTokens } from "../normalize";
import type { Alias, EntityDraft, EntityType, PartialDate, WatchlistEntity } from "../types";
import { decodeUtf8, parseRecords } from "./csv";

// The two import formats Argus defines itself (documented in ../README.md): PEP lists and
// adverse-media records, both UTF-8 comma-separated CSV with a header row.

type Row = Record<string, string>;

/** Aliases cell: several names separated by "|" (a comma can be part of a name). */
function splitAliases(value: string | undefined): Alias[] {
  return (value ?? "")
    .split("|")
    .map(clean)
    .filter(Boolean)
    .map((name) => ({ name, strength: "strong" as const, kind: "aka" }));
}

function splitList(value: string | undefined): string[] {
  return (value ?? "").split("|").map(clean).filter(Boolean);
}

function entityType(value: string | undefined, fallback: EntityType): EntityType {
  const v = clean(value).toLowerCase();
  if (!v) return fallback;
  if (["individual", "person", "natural_person"].includes(v)) return "individual";
  if (["organization", "organisation", "entity", "company", "enterprise"].includes(v)) return "organization";
  throw new Error(`unknown entity_type "${value}" (use individual or organization)`);
}

function dates(value: string | undefined): PartialDate[] {
  return (value ?? "")
    .split("|")
    .map((v) => parseFreeDate(v))
    .filter((d): d is PartialDate => d !== undefined);
}

/** A stable id when the file has none: the same name and source always give the same id. */
function derivedId(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 16);
}

function requireColumns(rows: Row[], text: string, required: string[], format: string): void {
  const header = rows.length > 0 ? Object.keys(rows[0] as Row) : (text.split(/\r?\n/, 1)[0]?.split(",") ?? []);
  const missing = required.filter((c) => !header.includes(c));
  if (missing.length > 0) throw new Error(`not a ${format} CSV: missing column(s) ${missing.join(", ")}`);
}

/**
 * PEP CSV. Columns: name (required); source_id or id; sort_name; aliases; date_of_birth; country;
 * nationality; position; organisation; term; start_date; end_date; gender; wikidata; entity_type;
 * remarks.
 * The shipped pep-legislators.csv is this format without aliases, date_of_birth or nationality.
 */
export function parsePepCsv(input: Buffer | string): WatchlistEntity[] {
  const text = decodeUtf8(input);
  const rows = parseRecords(text);
  requireColumns(rows, text, ["name"], "PEP");
  const out: WatchlistEntity[] = [];
  for (const r of rows) {
    const name = clean(r.name);
    if (!name) continue;
    const country = clean(r.country);
    const aliases = splitAliases(r.aliases);
    // The sort name is only worth indexing when it is more than the same words reordered.
    const sortName = clean(r.sort_name);
    if (sortName && nameKey(normalizeTokens(sortName)) !== nameKey(normalizeTokens(name))) {
      aliases.push({ name: sortName, strength: "strong", kind: "sort_name" });
    }
    const id = clean(r.source_id) || clean(r.id) || derivedId(name, country, clean(r.position));
    const draft: EntityDraft = {
      id: `pep:${id}`,
      list: "pep",
      type: entityType(r.entity_type, "individual"),
      sourceType: "pep",
      primaryName: name,
      aliases,
      datesOfBirth: dates(r.date_of_birth),
      // The country of office is not a nationality: only an explicit column fills this.
      nationalities: splitList(r.nationality),
      programmes: [clean(r.position)],
      remarks: clean(r.remarks),
      details: {
        country,
        position: clean(r.position),
        organisation: clean(r.organisation),
        term: clean(r.term),
        start_date: clean(r.start_date),
        end_date: clean(r.end_date),
        gender: clean(r.gender),
        wikidata: clean(r.wikidata),
      },
    };
    out.push(finalizeEntity(draft));
  }
  return out;
}

/**
 * Adverse-media CSV. Columns: name (required); id; aliases; date_of_birth; entity_type; category;
 * summary; source_url; published_at; country; nationality.
 */
export function parseAdverseMediaCsv(input: Buffer | string): WatchlistEntity[] {
  const text = decodeUtf8(input);
  const rows = parseRecords(text);
  requireColumns(rows, text, ["name"], "adverse-media");
  const out: WatchlistEntity[] = [];
  for (const r of rows) {
    const name = clean(r.name);
    if (!name) continue;
    const sourceUrl = clean(r.source_url);
    const id = clean(r.id) || derivedId(name, sourceUrl, clean(r.published_at));
    const draft: EntityDraft = {
      id: `adverse_media:${id}`,
      list: "adverse_media",
      type: entityType(r.entity_type, "individual"),
      sourceType: clean(r.entity_type).toLowerCase() || "individual",
      primaryName: name,
      aliases: splitAliases(r.aliases),
      datesOfBirth: dates(r.date_of_birth),
      nationalities: splitList(r.nationality),
      programmes: [clean(r.category)],
      remarks: clean(r.summary),
      details: { category: clean(r.category), source_url: sourceUrl, published_at: clean(r.published_at), country: clean(r.country) },
    };
    out.push(finalizeEntity(draft));
  }
  return out;
}
