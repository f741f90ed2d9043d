// The batch id behind every row's Idempotency-Key. A fingerprint of the file (SHA-256 of its
// text): sending the same file again, after a reload or a failure, reuses the same keys and so
// replays first results instead of scoring twice (the API keeps idempotency keys 24 hours).
// Browsers offer SHA-256 only on secure origins (HTTPS, localhost); elsewhere the id is random,
// which still covers retries from the same page.

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export async function batchIdOf(text: string): Promise<string> {
  if (globalThis.crypto?.subtle) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    return hex(new Uint8Array(digest)).slice(0, 32);
  }
  return hex(crypto.getRandomValues(new Uint8Array(16)));
}
