// Inbox claims kept in the memory of the process that owns the database (the embedded one: exactly
// one process may open its folder, and its one session serves the whole process). No other process
// can evaluate its rows, so a claim needs no row written: the claim statement was an UPDATE of
// every claimed row, the longest statement of an evaluation, during which no scoring statement
// could run (server/bench/README.md), and each row then carried a dead version until the delete. A claim dies with its process; the rows are then pending at the next start at once
// (with the lease columns they stayed claimed for a minute after a crash).

/**
 * How one evaluation holds its rows: until its claim lapses (a lease's length after it was taken),
 * or until released.
 */
export type InboxLease = { readonly claims: InboxClaims; readonly token: number; readonly ids: readonly number[] };

type Entry = { token: number; until: number };

export class InboxClaims {
  private readonly held = new Map<number, Entry>();
  private nextToken = 1;
  private tail: Promise<unknown> = Promise.resolve();

  /**
   * Runs `fn` after every claim begun before it ended: a claim reads the free rows and takes them,
   * and two claims at once must not read the same free rows.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Ids under a claim that has not lapsed (forgets the lapsed ones). */
  claimedIds(now = Date.now()): number[] {
    const ids: number[] = [];
    for (const [id, e] of this.held) {
      if (e.until >= now) ids.push(id);
      else this.held.delete(id);
    }
    return ids;
  }

  /** Claims `ids` for `leaseMs` (taking over lapsed claims of others). Call inside exclusive(). */
  take(ids: readonly number[], leaseMs: number, now = Date.now()): InboxLease {
    const token = this.nextToken++;
    for (const id of ids) this.held.set(id, { token, until: now + leaseMs });
    return { claims: this, token, ids };
  }

  /**
   * Before the rows are deleted: how many of the lease's rows another evaluation has taken since
   * (its claim lapsed). The rest no longer lapse, so nobody takes them while the delete commits.
   */
  pin(lease: InboxLease): number {
    let lost = 0;
    for (const id of lease.ids) {
      const e = this.held.get(id);
      if (e?.token === lease.token) e.until = Infinity;
      else lost++;
    }
    return lost;
  }

  /** Ends the lease: its rows that are still its own are free (or gone, once deleted). */
  release(lease: InboxLease): void {
    for (const id of lease.ids) if (this.held.get(id)?.token === lease.token) this.held.delete(id);
  }
}

const registry = new WeakMap<object, InboxClaims>();

/** The claims of one database, keyed by its client (one per database in the process). */
export function inboxClaims(client: object): InboxClaims {
  let claims = registry.get(client);
  if (!claims) registry.set(client, (claims = new InboxClaims()));
  return claims;
}
