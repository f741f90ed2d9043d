// Which POSTs (and other writes) to the console come from another site. Next.js checks the Origin
// of server actions itself, but answers a mismatch with a 500 after the page has started to run;
// proxy.ts refuses every such request first, with a 403, by the rule Next.js applies: the Origin's
// host must be the request's host (`X-Forwarded-Host` first, as Next.js reads it behind a reverse
// proxy) or one of ALLOWED_ACTION_ORIGINS.

/**
 * Extra hosts allowed to post to the console, in the format of Next.js's
 * `experimental.serverActions.allowedOrigins` (`console.example.com`, `*.example.com`), which
 * next.config.ts sets from this same list. Empty: only the console's own host.
 */
export const ALLOWED_ACTION_ORIGINS: readonly string[] = [];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// Next.js's wildcard rule (server/app-render/csrf-protection): `*` is one label, `**` (last only)
// any number; neither alone matches a whole domain.
function matchesPattern(host: string, pattern: string): boolean {
  const hostParts = host.split(".");
  const patternParts = pattern.toLowerCase().split(".");
  if (patternParts.length === 1 && (patternParts[0] === "*" || patternParts[0] === "**")) return false;
  while (patternParts.length > 0) {
    const part = patternParts.pop() as string;
    const label = hostParts.pop();
    if (part === "") return false;
    if (part === "**") return patternParts.length === 0 && label !== undefined;
    if (part === "*" ? !label : label !== part) return false;
  }
  return hostParts.length === 0;
}

export function originAllowed(originHost: string, allowed: readonly string[] = ALLOWED_ACTION_ORIGINS): boolean {
  const host = originHost.toLowerCase();
  return allowed.some((pattern) => pattern !== "" && (pattern.toLowerCase() === host || matchesPattern(host, pattern)));
}

/** The host the request was sent to: the first `X-Forwarded-Host`, else `Host`. */
function requestHost(headers: Headers): string | undefined {
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return (forwarded || headers.get("host") || undefined)?.toLowerCase();
}

/**
 * Whether a request writes from another origin: a method other than GET, HEAD or OPTIONS whose
 * Origin is not the console's (or is `null`), or, without an Origin, that the browser marks
 * `Sec-Fetch-Site: cross-site`. A request with neither comes from no browser (curl, a script),
 * carries no one's cookies by accident, and is left to the page, as Next.js does.
 */
export function isCrossOriginWrite(method: string, headers: Headers, allowed: readonly string[] = ALLOWED_ACTION_ORIGINS): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = headers.get("origin");
  if (origin === null) return headers.get("sec-fetch-site") === "cross-site";
  if (origin === "null") return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  const host = requestHost(headers);
  if (host !== undefined && originHost === host) return false;
  return !originAllowed(originHost, allowed);
}
