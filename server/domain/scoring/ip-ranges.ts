import ipaddr from "ipaddr.js";
import { csvRows, CsvError } from "./csv-lines";

export const ipCategories = ["proxy", "vpn", "tor", "hosting"] as const;
export type IpCategory = (typeof ipCategories)[number];
export const MAX_IP_RANGES = 200_000;

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

// A score parses its address four times (validation, normalisation, the features' client check,
// the signals), and ipaddr.js's parsing was 8 % of what a score allocates on the API's thread. The
// parsed addresses are never changed by their readers, so the last few thousand are kept.
const PARSED_KEPT = 4096;
const parsed = new Map<string, Parsed | null>();

/** Parses an IP address, unwrapping IPv4-mapped IPv6 (::ffff:a.b.c.d) to IPv4. Null when invalid. */
export function parseIp(text: string): Parsed | null {
  // No address is this long (a header can be): never kept, so the cache stays a few hundred KB.
  if (text.length > 64) return parseUncached(text);
  let ip = parsed.get(text);
  if (ip !== undefined) return ip;
  ip = parseUncached(text);
  // Emptied when full: cheaper than recency bookkeeping, and a refill costs one parse per address.
  if (parsed.size >= PARSED_KEPT) parsed.clear();
  parsed.set(text, ip);
  return ip;
}

function parseUncached(text: string): Parsed | null {
  if (!ipaddr.isValid(text)) return null;
  try {
    const ip = ipaddr.parse(text);
    return ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
  } catch {
    return null;
  }
}

/** The canonical text of an address (lower-case, compressed IPv6, mapped IPv4 unwrapped). */
export function normalizeIp(text: string): string | null {
  return parseIp(text)?.toString() ?? null;
}

// Ranges a public client address never comes from. ipaddr.js folds the documentation ranges
// (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32) into "reserved".
const ROUTABLE = new Set(["unicast", "6to4", "teredo"]);

// Addresses that name the caller's own infrastructure, not a client: a merchant that opens
// sessions or scores server-side without forwarding the client's address sends these for every
// user. Clustering on them (detection) would only measure the merchant's traffic, and blocking one
// (a confirmed-fraud label) would block every customer whose address was not forwarded.
const NOT_A_CLIENT = new Set([
  "unspecified",
  "broadcast",
  "multicast",
  "linkLocal",
  "loopback",
  "private",
  "uniqueLocal",
  "carrierGradeNat",
]);

/** Whether `ip` can be a client's own address (public or documentation; not private, loopback…). */
function isClientAddress(ip: string): boolean {
  const address = parseIp(ip);
  return address !== null && !NOT_A_CLIENT.has(address.range());
}

/** The IP when it can be a client's own address, else null (also when absent). */
export function clientIp(ip: string | null): string | null {
  return ip && isClientAddress(ip) ? ip : null;
}

/** The ipaddr.js range name when the address is private, loopback, reserved, documentation…; else null. */
export function reservedRange(ip: Parsed): string | null {
  const range = ip.range();
  return ROUTABLE.has(range) ? null : range;
}

function bits(ip: Parsed): string {
  return ip
    .toByteArray()
    .map((b) => b.toString(2).padStart(8, "0"))
    .join("");
}

/**
 * The account's proxy / Tor / VPN / hosting ranges. Each range is stored under its prefix bits,
 * so a lookup is at most one hash probe per distinct prefix length (≤ 33 for IPv4, ≤ 129 for IPv6).
 */
export class IpRangeSet {
  private readonly byLength = { ipv4: new Map<number, Map<string, string>>(), ipv6: new Map<number, Map<string, string>>() };
  readonly size: number;

  constructor(ranges: { ip: Parsed; prefix: number; category: string }[]) {
    for (const r of ranges) {
      const table = this.byLength[r.ip.kind()];
      const key = bits(r.ip).slice(0, r.prefix);
      let map = table.get(r.prefix);
      if (!map) table.set(r.prefix, (map = new Map()));
      if (!map.has(key)) map.set(key, r.category);
    }
    this.size = ranges.length;
  }

  /** The category of the most specific range containing the address, or null. */
  match(ip: Parsed): string | null {
    const table = this.byLength[ip.kind()];
    if (table.size === 0) return null;
    const b = bits(ip);
    const lengths = [...table.keys()].sort((x, y) => y - x);
    for (const len of lengths) {
      const hit = table.get(len)?.get(b.slice(0, len));
      if (hit) return hit;
    }
    return null;
  }
}

export const emptyIpRanges = new IpRangeSet([]);

/** Parses the ranges CSV (`cidr,category`; a bare address is a /32 or /128); throws CsvError. */
export function parseIpRanges(text: string): IpRangeSet {
  const ranges: { ip: Parsed; prefix: number; category: string }[] = [];
  for (const { line, fields } of csvRows(text, "cidr")) {
    if (ranges.length >= MAX_IP_RANGES) throw new CsvError(line, `at most ${MAX_IP_RANGES} ranges`);
    const [cidr = "", category = ""] = fields;
    let ip: Parsed;
    let prefix: number;
    try {
      if (cidr.includes("/")) [ip, prefix] = ipaddr.parseCIDR(cidr);
      else {
        ip = ipaddr.parse(cidr);
        prefix = ip.kind() === "ipv4" ? 32 : 128;
      }
    } catch {
      throw new CsvError(line, `"${cidr}" is not an IP address or CIDR range`);
    }
    const cat = category.toLowerCase();
    if (!(ipCategories as readonly string[]).includes(cat)) throw new CsvError(line, `category must be one of ${ipCategories.join(", ")}`);
    ranges.push({ ip, prefix, category: cat });
  }
  return new IpRangeSet(ranges);
}
