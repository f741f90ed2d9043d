import { sql } from "drizzle-orm";
import { arrayText } from "../../db/array-text";
import type { Db } from "../../db/client";
import { CLAIM_RENEW_MS, type KeyRef } from "./store";

const refKey = (r: KeyRef) => `${r.accountId}\u0000${r.environment}\u0000${r.surface}\u0000${r.key}`;

/**
 * The claims this process's requests hold, renewed together: every CLAIM_RENEW_MS one statement
 * moves their `locked_at` to now, so a claim lapses only when its owner stops (its process died
 * or lost the database), not because its request is slow. Only claims still in progress are
 * touched: a completed or released key is left as it is.
 */
export class ClaimLeases {
  private readonly held = new Map<string, KeyRef>();
  private timer: NodeJS.Timeout | undefined;
  private renewing = false;

  constructor(
    private readonly db: Db,
    private readonly renewMs = CLAIM_RENEW_MS,
  ) {}

  /** Keeps `ref`'s claim alive until the returned function is called. */
  hold(ref: KeyRef): () => void {
    const k = refKey(ref);
    this.held.set(k, ref);
    if (!this.timer) {
      this.timer = setInterval(() => void this.renew(), this.renewMs);
      this.timer.unref();
    }
    return () => {
      if (this.held.get(k) === ref) this.held.delete(k);
      if (this.held.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  get size(): number {
    return this.held.size;
  }

  async renew(): Promise<void> {
    // A renewal still waiting (a slow or unreachable database) is not doubled up.
    if (this.renewing || this.held.size === 0) return;
    this.renewing = true;
    const refs = [...this.held.values()];
    const col = (f: (r: KeyRef) => string) => arrayText(refs.map(f));
    try {
      await this.db.execute(sql`
        update idempotency_keys x set locked_at = now()
        from unnest(${col((r) => r.accountId)}::text[], ${col((r) => r.environment)}::text[], ${col((r) => r.surface)}::text[], ${col((r) => r.key)}::text[]) as u(a, e, s, k)
        where x.account_id = u.a and x.environment = u.e and x.surface = u.s and x.key = u.k and x.state = 'in_progress'`);
    } catch {
      // The database cannot be reached: the next turn tries again. If it stays away past the
      // lease, the claims may be taken over, and these requests fail with it anyway.
    } finally {
      this.renewing = false;
    }
  }
}

const leases = new WeakMap<Db, ClaimLeases>();

/** Holds a claimed key's lease through the database's renewer until the returned function is called. */
export function holdClaim(db: Db, ref: KeyRef): () => void {
  let l = leases.get(db);
  if (!l) leases.set(db, (l = new ClaimLeases(db)));
  return l.hold(ref);
}
