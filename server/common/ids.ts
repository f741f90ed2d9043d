import { monotonicFactory } from "ulid";

// Ids are a type prefix plus a monotonic ULID: opaque to clients, unique without coordination,
// and lexically ordered by creation, which keeps "created_at desc, id desc" cursors stable.
const next = monotonicFactory();

export type IdPrefix = "acct" | "key" | "ana" | "job" | "req" | (string & {});

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${next().toLowerCase()}`;
}
