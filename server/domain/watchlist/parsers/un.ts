import { XMLParser } from "fast-xml-parser";
import { parseFreeDate } from "../dates";
import { clean, finalizeEntity } from "../entity";
import type { Alias, EntityDraft, PartialDate, WatchlistEntity } from "../types";
import { decodeUtf8 } from "./csv";

// UN Security Council Consolidated List, official XML:
// CONSOLIDATED_LIST / INDIVIDUALS / INDIVIDUAL and CONSOLIDATED_LIST / ENTITIES / ENTITY.

/**
 * Elements that may repeat. fast-xml-parser turns a lone element into an object and repeated ones
 * into an array; forcing arrays for these keeps one code path whatever a given record holds.
 */
const REPEATED = new Set([
  "INDIVIDUAL",
  "ENTITY",
  "INDIVIDUAL_ALIAS",
  "ENTITY_ALIAS",
  "INDIVIDUAL_DATE_OF_BIRTH",
  "VALUE",
  "INDIVIDUAL_ADDRESS",
  "ENTITY_ADDRESS",
  "INDIVIDUAL_PLACE_OF_BIRTH",
  "INDIVIDUAL_DOCUMENT",
]);

type Node = Record<string, unknown>;

function text(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "string" || typeof v === "number") return clean(String(v));
  if (typeof v === "object" && "#text" in (v as Node)) return text((v as Node)["#text"]);
  return "";
}

function nodes(v: unknown): Node[] {
  if (v === undefined || v === null || v === "") return [];
  return (Array.isArray(v) ? v : [v]).filter((x): x is Node => typeof x === "object" && x !== null);
}

/** `<NATIONALITY><VALUE>…</VALUE>…</NATIONALITY>` → the values. */
function values(v: unknown): string[] {
  return nodes(v)
    .flatMap((n) => (Array.isArray(n.VALUE) ? n.VALUE : [n.VALUE]).map(text))
    .filter(Boolean);
}

export type UnParseResult = { entities: WatchlistEntity[]; generatedAt: string | null };

const QUALITY_WEAK = new Set(["low"]);

function alias(node: Node): Alias | undefined {
  const name = text(node.ALIAS_NAME);
  if (!name) return undefined;
  const quality = text(node.QUALITY).toLowerCase();
  // QUALITY is Good/Low for individuals, a.k.a./f.k.a. (or empty) for entities; only Low is weak.
  return { name, strength: QUALITY_WEAK.has(quality) ? "weak" : "strong", kind: quality === "f.k.a." ? "fka" : "aka" };
}

/** One INDIVIDUAL_DATE_OF_BIRTH: EXACT (DATE or YEAR), APPROXIMATELY, BETWEEN (FROM_YEAR/TO_YEAR). */
export function unDateOfBirth(node: Node): PartialDate | undefined {
  const type = text(node.TYPE_OF_DATE).toUpperCase();
  const approximate = type === "APPROXIMATELY";
  const from = Number(text(node.FROM_YEAR));
  const to = Number(text(node.TO_YEAR));
  if (from && to)
    return from === to ? { year: from, approximate: true } : { year: Math.min(from, to), yearTo: Math.max(from, to), approximate: true };
  const date = text(node.DATE);
  if (date) {
    const d = parseFreeDate(date);
    if (d) return { ...d, approximate: d.approximate || approximate };
  }
  const year = Number(text(node.YEAR));
  if (year) return { year, approximate };
  // A few records hold the date only in NOTE ("Nov. 1973", "August 1961").
  const note = parseFreeDate(text(node.NOTE));
  return note ? { ...note, approximate: note.approximate || approximate } : undefined;
}

function joinName(n: Node): string {
  return ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"]
    .map((k) => text(n[k]))
    .filter(Boolean)
    .join(" ");
}

function common(n: Node): Pick<EntityDraft, "id" | "list" | "programmes" | "remarks"> & { details: Record<string, string> } {
  const ref = text(n.REFERENCE_NUMBER) || `dataid-${text(n.DATAID)}`;
  return {
    id: `un:${ref}`,
    list: "un_sanctions",
    programmes: [text(n.UN_LIST_TYPE)].filter(Boolean),
    remarks: text(n.COMMENTS1),
    details: {
      reference_number: ref,
      listed_on: text(n.LISTED_ON),
      data_id: text(n.DATAID),
      name_original_script: text(n.NAME_ORIGINAL_SCRIPT),
    },
  };
}

function originalScriptAlias(n: Node): Alias[] {
  const s = text(n.NAME_ORIGINAL_SCRIPT);
  return s ? [{ name: s, strength: "strong", kind: "original_script" }] : [];
}

function individual(n: Node): WatchlistEntity | undefined {
  const primaryName = joinName(n);
  if (!primaryName) return undefined;
  const aliasNodes = nodes(n.INDIVIDUAL_ALIAS);
  const dobs = nodes(n.INDIVIDUAL_DATE_OF_BIRTH).map(unDateOfBirth);
  // Aliases may carry their own date of birth (a false identity's): still a date to compare with.
  for (const a of aliasNodes) {
    const d = text(a.DATE_OF_BIRTH);
    if (d) dobs.push(parseFreeDate(d));
  }
  const base = common(n);
  const draft: EntityDraft = {
    ...base,
    type: "individual",
    sourceType: "individual",
    primaryName,
    aliases: [...aliasNodes.map(alias).filter((a): a is Alias => a !== undefined), ...originalScriptAlias(n)],
    datesOfBirth: dobs.filter((d): d is PartialDate => d !== undefined),
    nationalities: values(n.NATIONALITY),
    details: {
      ...base.details,
      title: values(n.TITLE).join("; "),
      designation: values(n.DESIGNATION).join("; "),
      gender: text(n.GENDER),
    },
  };
  return finalizeEntity(draft);
}

function entity(n: Node): WatchlistEntity | undefined {
  const primaryName = joinName(n);
  if (!primaryName) return undefined;
  const draft: EntityDraft = {
    ...common(n),
    type: "organization",
    sourceType: "entity",
    primaryName,
    aliases: [
      ...nodes(n.ENTITY_ALIAS)
        .map(alias)
        .filter((a): a is Alias => a !== undefined),
      ...originalScriptAlias(n),
    ],
    datesOfBirth: [],
    nationalities: [],
  };
  return finalizeEntity(draft);
}

export function parseUnConsolidated(input: Buffer | string): UnParseResult {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    // Keep "001" and "1971" as text: reference numbers and years are identifiers, not numbers.
    parseTagValue: false,
    isArray: (name) => REPEATED.has(name),
  });
  const doc = parser.parse(decodeUtf8(input)) as Node;
  const root = doc.CONSOLIDATED_LIST as Node | undefined;
  if (!root || typeof root !== "object") throw new Error("not a UN consolidated list: no CONSOLIDATED_LIST root");
  const individuals = nodes((root.INDIVIDUALS as Node | undefined)?.INDIVIDUAL).map(individual);
  const entities = nodes((root.ENTITIES as Node | undefined)?.ENTITY).map(entity);
  const generatedAt = text(root["@_dateGenerated"]) || null;
  return {
    entities: [...individuals, ...entities].filter((e): e is WatchlistEntity => e !== undefined),
    generatedAt,
  };
}
