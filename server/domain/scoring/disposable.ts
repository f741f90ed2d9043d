import { disposableEmailBlocklistSet } from "disposable-email-domains-js";

// The package builds a new Set of its ~5,000 domains on every call of its own helpers: far too slow
// for the score path. Build it once, on first use.
let domains: Set<string> | undefined;

/** Whether the e-mail's domain, or a parent domain of it, is a known disposable-mail domain. */
export function isDisposableEmail(email: string): boolean {
  domains ??= disposableEmailBlocklistSet();
  const at = email.lastIndexOf("@");
  if (at < 0) return false;
  const labels = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .split(".");
  for (let i = 0; i < labels.length - 1; i++) if (domains.has(labels.slice(i).join("."))) return true;
  return false;
}
