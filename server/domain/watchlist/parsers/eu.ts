import { parseFreeDate } from "../dates";
import { clean, finalizeEntity } from "../entity";
import type { Alias, EntityDraft, PartialDate, WatchlistEntity } from "../types";
import { decodeUtf8, parseRecords } from "./csv";

// EU consolidated financial sanctions list, "CSV file format v1.1": semicolon-separated, header
// row, UTF-8 (with a BOM), one row per name alias / birth date / citizenship / address … of an
// entity, all sharing Entity_LogicalId. Columns are looked up by header name, never by position,
// because the Commission has added and renamed columns between releases (Entity_UnitedNationId
// vs Entity_UN_ReferenceNumber).

const REQUIRED = ["Entity_LogicalId", "Entity_SubjectType"];

type Row = Record<string, string>;

function get(row: Row, ...names: string[]): string {
  for (const n of names) {
    const v = clean(row[n]);
    if (v) return v;
  }
  return "";
}

function isTrue(v: string): boolean {
  return /^(1|true|yes|y)$/i.test(v.trim());
}

/** Whole name, or the name assembled from its parts when WholeName is empty. */
function rowName(row: Row): string {
  const whole = get(row, "NameAlias_WholeName");
  if (whole) return whole;
  return [get(row, "NameAlias_FirstName"), get(row, "NameAlias_MiddleName"), get(row, "NameAlias_LastName")].filter(Boolean).join(" ");
}

/** BirthDate_BirthDate (ISO), else Day/Month/Year, else YearRangeFrom/To; Circa makes it approximate. */
export function euBirthDate(row: Row): PartialDate | undefined {
  const circa = isTrue(get(row, "BirthDate_Circa"));
  const from = Number(get(row, "BirthDate_YearRangeFrom"));
  const to = Number(get(row, "BirthDate_YearRangeTo"));
  if (from && to && from !== to) return { year: Math.min(from, to), yearTo: Math.max(from, to), approximate: true };
  const full = get(row, "BirthDate_BirthDate");
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(full);
  const parsed = dmy
    ? parseFreeDate(`${dmy[3]}-${dmy[2]!.padStart(2, "0")}-${dmy[1]!.padStart(2, "0")}`)
    : full
      ? parseFreeDate(full)
      : undefined;
  if (parsed) return { ...parsed, approximate: parsed.approximate || circa };
  const year = Number(get(row, "BirthDate_Year")) || from || to;
  if (!year) return undefined;
  const month = Number(get(row, "BirthDate_Month")) || undefined;
  const day = Number(get(row, "BirthDate_Day")) || undefined;
  if (month && month >= 1 && month <= 12) {
    return day && day >= 1 && day <= 31 ? { year, month, day, approximate: circa } : { year, month, approximate: circa };
  }
  return { year, approximate: circa };
}

function subjectType(rows: Row[]): { type: "individual" | "organization"; sourceType: string } {
  const t =
    rows
      .map((r) => get(r, "Entity_SubjectType"))
      .find(Boolean)
      ?.toLowerCase() ?? "";
  const code =
    rows
      .map((r) => get(r, "Entity_SubjectType_ClassificationCode"))
      .find(Boolean)
      ?.toUpperCase() ?? "";
  if (t === "person" || code === "P") return { type: "individual", sourceType: t || "person" };
  return { type: "organization", sourceType: t || "enterprise" };
}

function uniqueValues(rows: Row[], ...names: string[]): string[] {
  return [...new Set(rows.map((r) => get(r, ...names)).filter(Boolean))];
}

function groupEntity(id: string, rows: Row[]): WatchlistEntity | undefined {
  const names = uniqueValues(
    rows.map((r) => ({ name: rowName(r) })),
    "name",
  );
  const [primaryName, ...others] = names;
  if (!primaryName) return undefined;
  const aliases: Alias[] = others.map((name) => ({ name, strength: "strong", kind: "aka" }));
  const draft: EntityDraft = {
    id: `eu:${id}`,
    list: "eu_sanctions",
    ...subjectType(rows),
    primaryName,
    aliases,
    datesOfBirth: rows.map(euBirthDate).filter((d): d is PartialDate => d !== undefined),
    nationalities: uniqueValues(rows, "Citizenship_CountryDescription", "Citizenship_CountryIso2Code"),
    programmes: uniqueValues(rows, "Entity_Regulation_Programme"),
    remarks: uniqueValues(rows, "Entity_Remark").join(" "),
    details: {
      eu_reference_number: uniqueValues(rows, "Entity_EU_ReferenceNumber").join(", "),
      un_reference_number: uniqueValues(rows, "Entity_UnitedNationId", "Entity_UN_ReferenceNumber").join(", "),
      designation_date: uniqueValues(rows, "Entity_DesignationDate").join(", "),
      regulation: uniqueValues(rows, "Entity_Regulation_NumberTitle").join("; "),
      publication_url: uniqueValues(rows, "Entity_Regulation_PublicationUrl").join(" "),
      gender: uniqueValues(rows, "NameAlias_Gender").join(", "),
      function: uniqueValues(rows, "NameAlias_Function").join("; "),
      file_generation_date: uniqueValues(rows, "fileGenerationDate").join(", "),
    },
  };
  return finalizeEntity(draft);
}

export function parseEuCsv(input: Buffer | string): WatchlistEntity[] {
  const records = parseRecords(decodeUtf8(input), ";");
  const header = Object.keys(records[0] ?? {});
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (records.length > 0 && missing.length > 0) {
    throw new Error(`not an EU sanctions CSV (v1.1): missing column(s) ${missing.join(", ")}`);
  }
  if (records.length > 0 && !header.includes("NameAlias_WholeName") && !header.includes("NameAlias_LastName")) {
    throw new Error("not an EU sanctions CSV (v1.1): no NameAlias_WholeName or NameAlias_LastName column");
  }
  const groups = new Map<string, Row[]>();
  for (const r of records) {
    const id = clean(r.Entity_LogicalId);
    if (!id) continue;
    const g = groups.get(id);
    if (g) g.push(r);
    else groups.set(id, [r]);
  }
  const out: WatchlistEntity[] = [];
  for (const [id, rows] of groups) {
    const e = groupEntity(id, rows);
    if (e) out.push(e);
  }
  return out;
}
