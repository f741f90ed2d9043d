import { promises as dns } from "node:dns";
import ipaddr from "ipaddr.js";

// Server-side request forgery protection for webhook targets (README.md, "SSRF protection"). A
// target must be https and every address its host resolves to must be public unicast: private,
// loopback, link-local (169.254.169.254, the cloud metadata service), unique-local, CGNAT,
// multicast, reserved and IPv4-embedding IPv6 ranges are refused. The check runs at registration
// and again before every delivery (DNS can change), and the delivery connects to the checked
// address itself, so a rebinding between check and connect cannot reach an internal host.
// ARGUS_WEBHOOK_ALLOW_PRIVATE=1 (development, tests) lifts the address rules and allows http.

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Lookup = (host: string) => Promise<ResolvedAddress[]>;

export const systemLookup: Lookup = async (host) => {
  const found = await dns.lookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Public addresses that still reach cloud-internal services (Azure's wire server / metadata). */
const METADATA_EXTRAS = ["168.63.129.16"];

export class TargetRefused extends Error {}

/** Why an address may not be a webhook target, or null when it may. */
export function addressRefusal(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  } catch {
    return `${address} is not an IP address`;
  }
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range !== "unicast") return `${address} is a ${describeRange(range)} address`;
  // The rest of ::/8 is reserved too (IANA); it holds the deprecated IPv4-compatible form
  // (::127.0.0.1), which ipaddr.js calls unicast and some stacks route to the embedded address.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).parts[0]! < 0x100) return `${address} is a non-public (reserved IPv6) address`;
  if (METADATA_EXTRAS.includes(parsed.toString())) return `${address} is a cloud metadata address`;
  return null;
}

function describeRange(range: string): string {
  switch (range) {
    case "private":
    case "uniqueLocal":
      return "private";
    case "loopback":
      return "loopback";
    case "linkLocal":
      return "link-local (cloud metadata)";
    case "unspecified":
      return "unspecified";
    default:
      return `non-public (${range})`;
  }
}

export type CheckedTarget = { url: URL; address: ResolvedAddress };

/**
 * Validates a target URL and resolves its host; returns the address to connect to. Throws
 * TargetRefused with a message fit for the client (400 at registration, the delivery log later).
 */
export async function checkTarget(raw: string, opts: { allowPrivate: boolean; lookup?: Lookup }): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused("url must be an absolute URL");
  }
  if (url.protocol !== "https:" && !(opts.allowPrivate && url.protocol === "http:")) {
    throw new TargetRefused(opts.allowPrivate ? "url must use https or http" : "url must use https");
  }
  if (url.username || url.password) throw new TargetRefused("url must not contain credentials");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) throw new TargetRefused("url must name a host");

  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await (opts.lookup ?? systemLookup)(host);
    } catch {
      throw new TargetRefused(`url host ${host} does not resolve`);
    }
    if (addresses.length === 0) throw new TargetRefused(`url host ${host} does not resolve`);
  }
  if (!opts.allowPrivate) {
    for (const a of addresses) {
      const why = addressRefusal(a.address);
      if (why) throw new TargetRefused(`url host ${host} resolves to a refused address: ${why}`);
    }
  }
  return { url, address: addresses[0]! };
}
