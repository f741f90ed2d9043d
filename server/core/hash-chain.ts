import { createHash } from "node:crypto";

// Tamper-evident histories (server/README.md, "What the analyst saw"): each entry's `hash` is the
// hex SHA-256 of a canonical serialization of the entry together with the previous entry's hash.

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/**
 * JSON with object keys sorted (recursively) and no whitespace, so one value always gives one text
 * whatever order jsonb hands its keys back in. `undefined` members are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** The hash of one entry: its canonical fields and the previous entry's hash (null for the first). */
export function chainHash(entry: Record<string, unknown>, previousHash: string | null): string {
  return createHash("sha256")
    .update(canonicalJson({ entry, previous_hash: previousHash }))
    .digest("hex");
}

export type ChainVerification = {
  verified: boolean;
  entries: number;
  /** The first entry (by `seq`) whose hash does not match, or that lost its hash after hashed ones. */
  first_broken_seq: number | null;
  /** Entries written before hashing existed (no hash): allowed only at the start of a history. */
  unhashed: number;
};

/**
 * Checks one history in `seq` order. Entries without a hash are accepted only before the first
 * hashed one (rows written before the chain was introduced); the first hashed entry then chains to
 * null. A changed, removed or reordered entry breaks every hash from it on; the first is reported.
 */
export function verifyChain<T>(
  rows: T[],
  seqOf: (r: T) => number,
  hashOf: (r: T) => string | null,
  fieldsOf: (r: T) => Record<string, unknown>,
): ChainVerification {
  let previous: string | null = null;
  let hashedSeen = false;
  let unhashed = 0;
  for (const row of rows) {
    const stored = hashOf(row);
    if (stored === null) {
      if (hashedSeen) return { verified: false, entries: rows.length, first_broken_seq: seqOf(row), unhashed };
      unhashed++;
      continue;
    }
    hashedSeen = true;
    if (chainHash(fieldsOf(row), previous) !== stored)
      return { verified: false, entries: rows.length, first_broken_seq: seqOf(row), unhashed };
    previous = stored;
  }
  return { verified: true, entries: rows.length, first_broken_seq: null, unhashed };
}
