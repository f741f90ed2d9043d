// Where to go after signing in. Only a path on this console is accepted: anything else (another
// origin, `//evil.example`, `/\evil.example`, a `javascript:` URL) falls back, so the sign-in page
// cannot be turned into an open redirect. Auth routes are refused too, to avoid loops.

export const DEFAULT_AFTER_SIGN_IN = "/overview";

export function safeCallbackPath(value: unknown, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Control characters and backslashes are never in a path we produced; browsers normalise some.
  if (value.includes("\\") || [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return fallback;
  let url: URL;
  try {
    url = new URL(value, "http://console.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://console.invalid") return fallback;
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/api/auth")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
