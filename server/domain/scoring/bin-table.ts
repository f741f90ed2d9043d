import fs from "node:fs";
import { fileURLToPath } from "node:url";
import countries from "i18n-iso-countries";
import { csvRows, CsvError } from "./csv-lines";

export type CardType = "credit" | "debit" | "charge" | "unknown";
export type BinFacts = { scheme: string; type: CardType; prepaid: boolean | null; country: string | null };
type Row = BinFacts & { from: number; to: number; length: number };

const TYPES = new Set<CardType>(["credit", "debit", "charge", "unknown"]);
export const MAX_BIN_ROWS = 200_000;

/**
 * A BIN table: rows of digit-prefix ranges with the facts known about them. Lookup takes the most
 * specific (longest) matching prefix. Single prefixes are hashed; ranges are binary-searched per
 * prefix length, so a replacement table of many thousand rows stays cheap on the hot path.
 */
export class BinTable {
  private readonly singles = new Map<string, BinFacts>();
  private readonly ranges = new Map<number, Row[]>();
  private readonly lengths: number[];
  readonly size: number;

  constructor(rows: Row[]) {
    for (const r of rows) {
      if (r.from === r.to) {
        const key = String(r.from).padStart(r.length, "0");
        if (!this.singles.has(key)) this.singles.set(key, r);
      } else {
        const list = this.ranges.get(r.length) ?? [];
        list.push(r);
        this.ranges.set(r.length, list);
      }
    }
    for (const list of this.ranges.values()) list.sort((a, b) => a.from - b.from);
    const lens = new Set<number>([...this.singles.keys()].map((k) => k.length).concat([...this.ranges.keys()]));
    this.lengths = [...lens].sort((a, b) => b - a);
    this.size = rows.length;
  }

  lookup(bin: string): BinFacts | null {
    for (const len of this.lengths) {
      if (len > bin.length) continue;
      const prefix = bin.slice(0, len);
      const single = this.singles.get(prefix);
      if (single) return single;
      const list = this.ranges.get(len);
      if (!list) continue;
      const x = Number(prefix);
      // Greatest `from` ≤ x, then a few predecessors in case ranges of one length overlap.
      let lo = 0;
      let hi = list.length - 1;
      let idx = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if ((list[mid] as Row).from <= x) {
          idx = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      for (let i = idx; i >= 0 && i > idx - 8; i--) {
        const r = list[i] as Row;
        if (r.from <= x && x <= r.to) return r;
      }
    }
    return null;
  }
}

/** Parses a BIN table CSV (`bin_from,bin_to,scheme,type,prepaid,country`); throws CsvError. */
export function parseBinTable(text: string): BinTable {
  const rows: Row[] = [];
  for (const { line, fields } of csvRows(text, "bin_from")) {
    if (rows.length >= MAX_BIN_ROWS) throw new CsvError(line, `a BIN table holds at most ${MAX_BIN_ROWS} rows`);
    const [from = "", toRaw = "", scheme = "", type = "unknown", prepaid = "", country = ""] = fields;
    if (!/^\d{1,8}$/.test(from)) throw new CsvError(line, "bin_from must be 1 to 8 digits");
    const to = toRaw === "" ? from : toRaw;
    if (!/^\d{1,8}$/.test(to) || to.length !== from.length) throw new CsvError(line, "bin_to must be empty or as many digits as bin_from");
    if (Number(to) < Number(from)) throw new CsvError(line, "bin_to is below bin_from");
    if (!/^[a-z0-9][a-z0-9_-]{0,39}$/i.test(scheme)) throw new CsvError(line, "scheme is required (letters, digits, - or _)");
    const t = (type || "unknown").toLowerCase() as CardType;
    if (!TYPES.has(t)) throw new CsvError(line, "type must be credit, debit, charge or unknown");
    const p = prepaid.toLowerCase();
    if (!["", "true", "false", "yes", "no"].includes(p)) throw new CsvError(line, "prepaid must be true, false or empty");
    const cc = country.toUpperCase();
    if (cc !== "" && !countries.isValid(cc)) throw new CsvError(line, "country must be an ISO 3166-1 alpha-2 code or empty");
    rows.push({
      from: Number(from),
      to: Number(to),
      length: from.length,
      scheme: scheme.toLowerCase(),
      type: t,
      prepaid: p === "" ? null : p === "true" || p === "yes",
      country: cc === "" ? null : cc,
    });
  }
  return new BinTable(rows);
}

const DEFAULT_PATH = fileURLToPath(new URL("./data/bin-table.csv", import.meta.url));
let shipped: BinTable | undefined;

/** The shipped table (network prefixes only), parsed once. */
export function defaultBinTable(): BinTable {
  shipped ??= parseBinTable(fs.readFileSync(DEFAULT_PATH, "utf8"));
  return shipped;
}

/**
 * The facts for a BIN: the account's table first, then the shipped network prefixes for whatever
 * the account's table does not cover (so a replacement table of a few prepaid ranges still leaves
 * every other card's network known).
 */
export function binFacts(bin: string, accountTable: BinTable | null): BinFacts | null {
  return accountTable?.lookup(bin) ?? defaultBinTable().lookup(bin);
}
