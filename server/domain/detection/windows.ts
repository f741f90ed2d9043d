import { sql, type SQL } from "drizzle-orm";

// Window probes: what each detector asks the database, one query per key kind per batch.

/**
 * How far past an event its window reaches. Rows are stamped when their request arrived but
 * commit a little later, so two rows of one pattern can commit in the opposite order of their
 * timestamps; each is then evaluated before the other is visible. Letting a window include what
 * was stamped up to this long after the event makes the later-committed one see both.
 */
export const COMMIT_SKEW_MS = 5_000;
/** Events of one key closer together than this are evaluated once, at the latest of them. */
export const COLLAPSE_MS = 1_000;
/** At most this many transactions (most recent first) go into one hit. */
export const MAX_HIT_TRANSACTIONS = 1_000;
/**
 * At most this many rows of one key's window are read (most recent first). Every window query
 * reads "key = ? and created_at in (lo, hi] order by created_at desc limit WINDOW_CAP": the
 * ordering makes the planner walk the (key, created_at) index even without table statistics (the
 * embedded database has no autovacuum), and the cap bounds the work on a pathological key.
 */
export const WINDOW_CAP = 5_000;

/** One key to evaluate at one moment: the window (lo, hi] and the row that asked for it. */
export type Probe<R> = { i: number; key: string; ref: Date; lo: Date; hi: Date; trigger: R };

/**
 * Groups rows by key and turns each group into window probes: one per cluster of events less than
 * COLLAPSE_MS apart, anchored at the cluster's latest event ("≥ N counts the event being
 * evaluated"). In real time that is one probe per key per batch; a backlog gets several.
 */
export function probes<R extends { at: Date }>(list: readonly R[], keyOf: (r: R) => string | null, windowMs: number): Probe<R>[] {
  const groups = new Map<string, R[]>();
  for (const r of list) {
    const key = keyOf(r);
    if (!key) continue;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(r);
  }
  const out: Probe<R>[] = [];
  for (const [key, group] of groups) {
    group.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (let j = 0; j < group.length; j++) {
      const r = group[j] as R;
      const next = group[j + 1];
      if (next && next.at.getTime() - r.at.getTime() < COLLAPSE_MS) continue;
      out.push({
        i: out.length,
        key,
        ref: r.at,
        lo: new Date(r.at.getTime() - windowMs),
        hi: new Date(r.at.getTime() + COMMIT_SKEW_MS),
        trigger: r,
      });
    }
  }
  return out;
}

/** The probes as a relation `k(i, key, lo, hi)` to join window queries against. */
export function probeTable(list: readonly Probe<unknown>[]): SQL {
  const json = JSON.stringify(list.map((p) => ({ i: p.i, key: p.key, lo: p.lo.toISOString(), hi: p.hi.toISOString() })));
  return sql`jsonb_to_recordset(${json}::jsonb) as k(i int, key text, lo timestamptz, hi timestamptz)`;
}

/** Per key, the probe result of the latest moment, with the members of every probe of the key. */
export function latestPerKey<R, M extends { userIds: string[]; transactionIds: string[] }>(
  results: readonly { probe: Probe<R>; metrics: M }[],
): { probe: Probe<R>; metrics: M }[] {
  const byKey = new Map<string, { probe: Probe<R>; metrics: M; users: Set<string>; txns: Set<string> }>();
  for (const r of results) {
    const cur = byKey.get(r.probe.key);
    if (!cur) {
      byKey.set(r.probe.key, { ...r, users: new Set(r.metrics.userIds), txns: new Set(r.metrics.transactionIds) });
      continue;
    }
    r.metrics.userIds.forEach((u) => cur.users.add(u));
    r.metrics.transactionIds.forEach((t) => cur.txns.add(t));
    if (r.probe.ref.getTime() >= cur.probe.ref.getTime()) {
      cur.probe = r.probe;
      cur.metrics = r.metrics;
    }
  }
  return [...byKey.values()].map((v) => ({
    probe: v.probe,
    metrics: { ...v.metrics, userIds: [...v.users], transactionIds: [...v.txns] },
  }));
}

/** The IP as a detection key, or null when it is absent or not a client address. */
export { clientIp } from "../scoring";

/** A text[] from either driver. */
export function textArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === "string");
  if (typeof v === "string" && v.startsWith("{")) {
    return v
      .slice(1, -1)
      .split(",")
      .filter((x) => x && x !== "NULL")
      .map((x) => x.replace(/^"|"$/g, ""));
  }
  return [];
}
