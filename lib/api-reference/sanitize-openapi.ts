import ipaddr from "ipaddr.js";

// The API describes itself with the address it listens on (127.0.0.1:4000 and :4001 by default).
// The browser must never learn that address, so before a document leaves the console:
//  - every `servers` entry (root, path item or operation) pointing at an internal host is
//    rewritten to the configured public URL, or to a relative URL when none is configured;
//  - any remaining mention of an internal origin in a string (descriptions, examples, links) is
//    rewritten the same way, so prose cannot leak it either.
// Pure function, no I/O: unit-tested in sanitize-openapi.test.ts.

export type InternalAddress = {
  /** Internal base URL, e.g. http://127.0.0.1:4000 */
  internalUrl: string;
  /** Public base URL that replaces it, or undefined to make URLs relative. */
  publicUrl: string | undefined;
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type Rewrite = { from: string; to: string };

export function sanitizeOpenApiDocument(document: unknown, addresses: InternalAddress[]): unknown {
  const rewrites = buildRewrites(addresses);
  const fallbackPublicUrl = addresses.find((a) => a.publicUrl)?.publicUrl;
  const rewritten = rewriteStrings(document as Json, rewrites);
  return rewriteServers(rewritten, fallbackPublicUrl);
}

// Origins first (longest first, so "http://127.0.0.1:4000" is replaced whole before its bare
// host "127.0.0.1:4000" could match inside it), then scheme-less host:port forms.
function buildRewrites(addresses: InternalAddress[]): Rewrite[] {
  const origins: Rewrite[] = [];
  const hosts: Rewrite[] = [];
  for (const { internalUrl, publicUrl } of addresses) {
    const url = safeUrl(internalUrl);
    if (!url) continue;
    const publicBase = publicUrl?.replace(/\/+$/, "") ?? "";
    const publicHost = publicUrl ? (safeUrl(publicUrl)?.host ?? "") : "";
    for (const host of equivalentHosts(url)) {
      origins.push({ from: `${url.protocol}//${host}`, to: publicBase });
      hosts.push({ from: host, to: publicHost || "the Argus API host" });
    }
  }
  const byLength = (x: Rewrite, y: Rewrite) => y.from.length - x.from.length;
  return [...origins.sort(byLength), ...hosts.sort(byLength)];
}

// A loopback API is reachable under several names; the document may use any of them.
function equivalentHosts(url: URL): string[] {
  const port = url.port ? `:${url.port}` : "";
  if (!isInternalHostname(url.hostname)) return [url.host];
  const loopbackNames = ["127.0.0.1", "localhost", "[::1]", "0.0.0.0"];
  const names = loopbackNames.includes(url.hostname) ? loopbackNames : [url.hostname];
  return names.map((name) => `${name}${port}`);
}

function rewriteStrings(value: Json, rewrites: Rewrite[]): Json {
  if (typeof value === "string") {
    let out = value;
    for (const { from, to } of rewrites) {
      if (out.includes(from)) out = out.split(from).join(to);
    }
    return out;
  }
  if (Array.isArray(value)) return value.map((item) => rewriteStrings(item, rewrites));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteStrings(v, rewrites)]));
  }
  return value;
}

// After the string pass, internal origins are gone; what is left to fix are server URLs on other
// private hosts (a container name, a 10.x address), empty URLs left by the rewrite, and
// duplicates (production and sandbox may collapse to the same relative URL).
function rewriteServers(value: Json, publicUrl: string | undefined): Json {
  if (Array.isArray(value)) return value.map((item) => rewriteServers(item, publicUrl));
  if (!value || typeof value !== "object") return value;

  const out: { [key: string]: Json } = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] = key === "servers" && Array.isArray(child) ? cleanServers(child, publicUrl) : rewriteServers(child, publicUrl);
  }
  return out;
}

function cleanServers(servers: Json[], publicUrl: string | undefined): Json[] {
  const seen = new Set<string>();
  const cleaned: Json[] = [];
  for (const server of servers) {
    if (!server || typeof server !== "object" || Array.isArray(server) || typeof server.url !== "string") continue;
    const url = publicServerUrl(server.url, publicUrl);
    if (seen.has(url)) continue;
    seen.add(url);
    cleaned.push({ ...server, url });
  }
  return cleaned;
}

function publicServerUrl(serverUrl: string, publicUrl: string | undefined): string {
  // Emptied by the string pass (it was exactly an internal origin, already mapped to its own
  // public URL if it had one): the API root, relative.
  if (serverUrl === "") return "/";
  // Templated URLs ("https://{region}.example.com") are not parseable and are not addresses.
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(serverUrl) ? safeUrl(serverUrl) : undefined;
  if (!url || !isInternalHostname(url.hostname)) return serverUrl;
  const rest = `${url.pathname === "/" ? "" : url.pathname}${url.search}`;
  if (publicUrl) return `${publicUrl.replace(/\/+$/, "")}${rest}`;
  return rest || "/";
}

/** Loopback, private, link-local and single-label hosts (container or machine names). */
export function isInternalHostname(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host.endsWith(".internal") || host.endsWith(".local") || host.endsWith(".lan")) return true;
  if (ipaddr.isValid(host)) {
    const parsed = ipaddr.process(host);
    return parsed.range() !== "unicast";
  }
  return !host.includes(".");
}

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
