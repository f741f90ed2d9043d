import type { Db } from "../../db/client";

/**
 * Runs `fn` atomically. `idempotent()` passes either its own transaction (a key was sent) or the
 * root handle (no key); in the second case open a transaction so a write and its events commit
 * together.
 */
export async function atomically<T>(root: Db, db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db === root ? root.transaction((tx) => fn(tx as unknown as Db)) : fn(db);
}
