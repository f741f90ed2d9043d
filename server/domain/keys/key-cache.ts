import type { Database, Db } from "../../db/client";
import type { KeyPrincipal } from "../../core/principal";

/**
 * The principals of recently used API keys, by key hash, so the hot path (every API-key request)
 * skips its database lookup, which was the largest per-request cost of a score.
 *
 * Revocation stays instant because the cache is only trusted while it hears every change:
 *   - the database notifies channel `argus_keys` at the commit of any change that can refuse or
 *     re-limit a key (migration 0011: revocation, scopes, hash, deletion, account rate limit), and
 *     every listening process clears its whole cache;
 *   - a process that is not listening (PostgreSQL connection lost, not yet subscribed) does not
 *     cache at all: `live` false means every lookup goes to the database;
 *   - a lookup that started before a clear is not cached after it (the generation check), so a
 *     read racing a revocation cannot put the old row back;
 *   - the process that made the change also clears its own cache at once (`invalidateKeyCache`),
 *     before it answers, without waiting for its notification.
 * On the embedded database the notification is delivered while the changing statement's result is
 * parsed, before that statement's caller continues. On PostgreSQL it reaches other processes at
 * commit, over their already open listening connection.
 * Unknown keys are never cached (a miss always reads the database), and entries expire after a
 * minute as a last safety net.
 */
export class KeyCache {
  private readonly entries = new Map<string, { principal: KeyPrincipal; expiresAt: number }>();
  private live = false;
  /** Incremented by every clear: a lookup caches its row only if no clear happened meanwhile. */
  generation = 0;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  get isLive(): boolean {
    return this.live;
  }

  /** Whether changes are being heard. Any transition clears: what happened meanwhile is unknown. */
  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get(hash: string, now = Date.now()): KeyPrincipal | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.principal;
  }

  /** Caches a row read by a lookup that began at `generation`. */
  set(hash: string, principal: KeyPrincipal, generation: number, now = Date.now()): void {
    if (!this.live || generation !== this.generation) return;
    // Far more keys than any account uses: a flood of distinct valid keys just starts over.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(hash, { principal, expiresAt: now + this.ttlMs });
  }
}

// One cache per database handle, so domain functions that change keys, which receive only `db`,
// can clear it (`invalidateKeyCache`) without threading the cache through every caller.
const caches = new WeakMap<Db, KeyCache>();

export function attachKeyCache(db: Db, cache: KeyCache): void {
  caches.set(db, cache);
}

export function keyCacheOf(db: Db): KeyCache | undefined {
  return caches.get(db);
}

export function invalidateKeyCache(db: Db): void {
  caches.get(db)?.clear();
}

/** The channel of migration 0011's triggers. */
export const KEY_CHANGES_CHANNEL = "argus_keys";

/**
 * The process's key cache, subscribed to the key-change channel of `database`. If subscribing
 * fails the cache simply stays off (every request reads the database), never stale.
 */
export async function startKeyCache(
  database: Database,
  onError: (err: unknown) => void = () => {},
): Promise<{ cache: KeyCache; stop: () => Promise<void> }> {
  const cache = new KeyCache();
  attachKeyCache(database.db, cache);
  let unlisten: (() => Promise<void>) | undefined;
  try {
    unlisten = await database.listen(
      KEY_CHANGES_CHANNEL,
      () => cache.clear(),
      (live) => cache.setLive(live),
    );
  } catch (err) {
    cache.setLive(false);
    onError(err);
  }
  return {
    cache,
    stop: async () => {
      cache.setLive(false);
      await unlisten?.();
    },
  };
}
