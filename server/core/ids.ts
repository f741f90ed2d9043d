import { randomFillSync } from "node:crypto";
import { monotonicFactory } from "ulid";

// Ids are a type prefix plus a monotonic ULID: opaque to clients, unique without coordination,
// and lexically ordered by creation, which keeps "created_at desc, id desc" cursors stable.

// ulid's default source asks crypto.getRandomValues for one byte per character (16 calls per id,
// a few ids per scored request: measurable on the hot path). Same CSPRNG, drawn 4 KB at a time.
const pool = new Uint32Array(1024);
let at = pool.length;
function pooledRandom(): number {
  if (at === pool.length) {
    randomFillSync(pool);
    at = 0;
  }
  return (pool[at++] as number) / 0x1_0000_0000;
}

const next = monotonicFactory(pooledRandom);

export type IdPrefix = "acct" | "key" | "ana" | "job" | "req" | (string & {});

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${next().toLowerCase()}`;
}
