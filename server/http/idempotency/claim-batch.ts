import { sql } from "drizzle-orm";
import { arrayText } from "../../db/array-text";
import { rows, type Db } from "../../db/client";
import { claimKey, IDEMPOTENCY_TTL_MS, type Claim, type KeyRef } from "./store";

type Waiting = {
  ref: KeyRef;
  fingerprint: string;
  contractVersion: number;
  former?: string;
  resolve: (c: Claim) => void;
  reject: (e: unknown) => void;
};

const refKey = (r: { accountId: string; environment: string; surface: string; key: string }) =>
  `${r.accountId}\u0000${r.environment}\u0000${r.surface}\u0000${r.key}`;

/**
 * First claims of keys, grouped: the requests that claim a key in the same turn of the event loop
 * share ONE insert instead of a statement each (on the embedded database every statement is planned
 * anew, so under load this is most of what an idempotency key costs). The insert is still the
 * arbiter: a key it did not take — already stored, or twice in the same group — is resolved by
 * claimKey() alone, exactly as before (conflict, replay, in progress, stale take-over).
 */
export class ClaimBatcher {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  claim(ref: KeyRef, fingerprint: string, contractVersion: number, former?: string): Promise<Claim> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ref, fingerprint, contractVersion, former, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush(this.waiting.splice(0));
      });
    });
  }

  private async flush(group: Waiting[]): Promise<void> {
    let taken: Set<string>;
    try {
      // Arrays travel as one text parameter each (drizzle would spread a JS array into a list).
      const col = (f: (w: Waiting) => string | number) => arrayText(group.map(f));
      const expires = new Date(Date.now() + IDEMPOTENCY_TTL_MS).toISOString();
      const inserted = await rows<{ account_id: string; environment: string; surface: string; key: string }>(
        this.db,
        sql`insert into idempotency_keys (account_id, environment, surface, key, fingerprint, state, contract_version, expires_at)
            select a, e, s, k, f, 'in_progress', v, ${expires}::timestamptz
            from unnest(${col((w) => w.ref.accountId)}::text[], ${col((w) => w.ref.environment)}::text[], ${col((w) => w.ref.surface)}::text[],
                        ${col((w) => w.ref.key)}::text[], ${col((w) => w.fingerprint)}::text[], ${col((w) => w.contractVersion)}::int[]) as x(a, e, s, k, f, v)
            on conflict do nothing
            returning account_id, environment, surface, key`,
      );
      taken = new Set(inserted.map((r) => refKey({ accountId: r.account_id, environment: r.environment, surface: r.surface, key: r.key })));
    } catch (err) {
      for (const w of group) w.reject(err);
      return;
    }
    for (const w of group) {
      const k = refKey(w.ref);
      // The first of the group with a key it inserted owns it; any other asks the row's state.
      if (taken.delete(k)) w.resolve({ kind: "owner" });
      else claimKey(this.db, w.ref, w.fingerprint, w.contractVersion, w.former).then(w.resolve, w.reject);
    }
  }
}

const batchers = new WeakMap<Db, ClaimBatcher>();

/** claimKey() through the database's batcher. */
export function claimKeyBatched(db: Db, ref: KeyRef, fingerprint: string, contractVersion: number, former?: string): Promise<Claim> {
  let b = batchers.get(db);
  if (!b) batchers.set(db, (b = new ClaimBatcher(db)));
  return b.claim(ref, fingerprint, contractVersion, former);
}
