import { parseOfacRemarkDates } from "../dates";
import { clean, finalizeEntity } from "../entity";
import type { Alias, EntityDraft, WatchlistEntity } from "../types";
import { decodeLatin1, parseRows } from "./csv";

// OFAC SDN "legacy CSV" set (sdn.csv, alt.csv, add.csv, sdn_comments.csv): Latin-1, CRLF, no header
// row, "-0-" for an empty field, a 0x1A byte at the end of each file.

export type OfacInput = {
  sdn: Buffer | string;
  alt?: Buffer | string;
  add?: Buffer | string;
  /** Continuations of remarks longer than the 1,000 characters sdn.csv holds. */
  comments?: Buffer | string;
};

const EMPTY = "-0-";

/**
 * Rows of one file of the set, decoded, with "-0-" turned into "". Cells are not trimmed: a remark
 * cut at 1,000 characters may end in the space that separates it from its continuation.
 */
export function readOfacRows(input: Buffer | string): string[][] {
  return parseRows(decodeLatin1(input), ",", false).map((row) => row.map((v) => (v.trim() === EMPTY ? "" : v)));
}

/** "SDGT] [SYRIA" (how the Program column lists several programmes) → ["SDGT", "SYRIA"]. */
export function splitPrograms(value: string): string[] {
  return value
    .split("] [")
    .map((p) => p.replace(/^\[|\]$/g, "").trim())
    .filter(Boolean);
}

/**
 * The legacy files carry only strong aliases in alt.csv; OFAC writes the weak ones into Remarks as
 * "a.k.a. 'NAME'" (some feeds say "weak a.k.a."). A name may hold apostrophes (ABU 'ABDALLAH), so a
 * quote only closes the alias when followed by ";", "." or the end of the text.
 */
export function remarkAliases(remarks: string): Alias[] {
  const out: Alias[] = [];
  for (const m of remarks.matchAll(/\b(?:weak\s+)?a\.k\.a\.?,?\s+'(.+?)'(?=\s*(?:[;.,]|$))/gi)) {
    out.push({ name: m[1] as string, strength: "weak", kind: "aka" });
  }
  return out;
}

const labelled = (label: string) => new RegExp(`(?:^|;)\\s*(?:alt\\.\\s+)?${label}\\s+([^;]+)`, "gi");
const NATIONALITY = labelled("nationality");
const CITIZEN = labelled("citizen");
const GENDER = labelled("Gender");

/** Values of "label X" items in remarks ("nationality Iran; alt. nationality Iraq"). */
function remarkValues(remarks: string, re: RegExp): string[] {
  return [...remarks.matchAll(re)].map((m) => (m[1] as string).replace(/\.$/, "").trim());
}

function entityType(sdnType: string): { type: "individual" | "organization"; sourceType: string } {
  const t = sdnType.toLowerCase();
  if (t === "individual") return { type: "individual", sourceType: "individual" };
  return { type: "organization", sourceType: t || "entity" };
}

function groupByEntNum(rows: string[][]): Map<string, string[][]> {
  const out = new Map<string, string[][]>();
  for (const row of rows) {
    const key = row[0]?.trim();
    if (!key) continue;
    const list = out.get(key);
    if (list) list.push(row);
    else out.set(key, [row]);
  }
  return out;
}

/** Entries built between two yields of `parseOfacSteps`. */
const STEP_ENTRIES = 1_500;

/**
 * The parse as a sequence of steps (each file, then chunks of entries), so a loader can yield to
 * the event loop between them; the generator's return value is the entity list.
 */
export function* parseOfacSteps(input: OfacInput): Generator<void, WatchlistEntity[]> {
  const sdnRows = readOfacRows(input.sdn);
  yield;
  const aliases = groupByEntNum(input.alt ? readOfacRows(input.alt) : []);
  const addresses = groupByEntNum(input.add ? readOfacRows(input.add) : []);
  const comments = groupByEntNum(input.comments ? readOfacRows(input.comments) : []);
  yield;
  const out: WatchlistEntity[] = [];
  for (let i = 0; i < sdnRows.length; i++) {
    const e = buildEntity(sdnRows[i] as string[], aliases, addresses, comments);
    if (e) out.push(e);
    if (i % STEP_ENTRIES === STEP_ENTRIES - 1) yield;
  }
  return out;
}

export function parseOfac(input: OfacInput): WatchlistEntity[] {
  const steps = parseOfacSteps(input);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

function buildEntity(
  row: string[],
  aliases: Map<string, string[][]>,
  addresses: Map<string, string[][]>,
  comments: Map<string, string[][]>,
): WatchlistEntity | undefined {
  const [entNum, name, sdnType, program, title, callSign, vessType, tonnage, grt, vessFlag, vessOwner] = row.map(clean);
  if (!entNum || !/^\d+$/.test(entNum) || !name) return undefined;
  // sdn_comments.csv continues the remarks where sdn.csv cut them, mid-word: concatenate as is.
  const remarks = clean((row[11] ?? "") + (comments.get(entNum) ?? []).map((c) => c[1] ?? "").join(""));
  const { type, sourceType } = entityType(sdnType ?? "");
  const alts: Alias[] = (aliases.get(entNum) ?? []).map((raw) => {
    const a = raw.map(clean);
    const kind = (a[2] ?? "aka").toLowerCase();
    const weak = /weak/i.test(kind) || /weak/i.test(a[4] ?? "");
    return { name: a[3] ?? "", strength: weak ? "weak" : "strong", kind: kind.replace(/^weak\s*/, "") || "aka" };
  });
  const addrRows = (addresses.get(entNum) ?? []).map((a) => a.map(clean));
  // Some entries have hundreds of addresses; reviewers get the first ten and every country.
  const addrs = addrRows.map((a) => [a[2], a[3], a[4]].filter(Boolean).join(", ")).filter(Boolean);
  const countries = [...new Set(addrRows.map((a) => a[4] ?? "").filter(Boolean))];
  const draft: EntityDraft = {
    id: `ofac:${entNum}`,
    list: "ofac",
    type,
    sourceType,
    primaryName: name,
    aliases: [...alts, ...remarkAliases(remarks)],
    datesOfBirth: parseOfacRemarkDates(remarks),
    nationalities: [...remarkValues(remarks, NATIONALITY), ...remarkValues(remarks, CITIZEN)],
    programmes: splitPrograms(program ?? ""),
    remarks,
    details: {
      title: title ?? "",
      call_sign: callSign ?? "",
      vessel_type: vessType ?? "",
      vessel_tonnage: tonnage ?? "",
      vessel_grt: grt ?? "",
      vessel_flag: vessFlag ?? "",
      vessel_owner: vessOwner ?? "",
      gender: remarkValues(remarks, GENDER)[0] ?? "",
      addresses: addrs.slice(0, 10).join(" | "),
      address_countries: countries.join(", "),
    },
  };
  return finalizeEntity(draft);
}
