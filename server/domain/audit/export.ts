import type { Db } from "../../db/client";
import type { Scope } from "../../db/scope";
import { assertPeriod } from "../../core/period";
import { isoSeconds } from "../../core/time";
import { auditSources, type AuditLine, type Cursor, type Source } from "./sources";

/** Entries read per source and page: memory stays bounded whatever the period holds. */
export const AUDIT_PAGE = 1_000;

/** A source's own cursor: an entry id is its row's id, with `.created` / `.revoked`… for derived ones. */
const cursorOf = (line: AuditLine): Cursor => ({ at: line.at, id: line.id.replace(/\..*$/, "") });

/**
 * The account's audit entries of [start, end] for one environment (account-wide ones included),
 * oldest first: a k-way merge of every source, each read in keyset pages as the merge needs them.
 * Ties on the same millisecond go by source, then by id, so the order is the same on every read.
 */
export function auditEntries(db: Db, scope: Scope, period: { start: Date; end: Date }, page = AUDIT_PAGE): AsyncGenerator<AuditLine> {
  // Checked now, not when the first entry is read: a bad period is a 400 before anything is sent.
  assertPeriod(period.start, period.end);
  return merged(db, scope, period, page);
}

async function* merged(db: Db, scope: Scope, period: { start: Date; end: Date }, page = AUDIT_PAGE): AsyncGenerator<AuditLine> {
  const heads = auditSources(db, scope, period).map((read) => ({
    read,
    buffer: [] as AuditLine[],
    cursor: null as Cursor | null,
    done: false,
  }));
  const fill = async (h: (typeof heads)[number]) => {
    if (h.buffer.length > 0 || h.done) return;
    const rows = await (h.read as Source)(h.cursor, page);
    h.buffer = rows;
    h.done = rows.length < page;
    const last = rows.at(-1);
    if (last) h.cursor = cursorOf(last);
  };
  for (;;) {
    await Promise.all(heads.map(fill));
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const line = heads[i]!.buffer[0];
      if (!line) continue;
      const cur = heads[best]?.buffer[0];
      if (!cur || line.at < cur.at) best = i;
    }
    if (best < 0) return;
    yield heads[best]!.buffer.shift() as AuditLine;
  }
}

/** The wire form of one entry: one line of the NDJSON export. */
export function auditLineJson(line: AuditLine): string {
  return JSON.stringify({
    id: line.id,
    type: line.type,
    at: isoSeconds(line.at),
    environment: line.environment,
    actor: line.actor,
    object: line.object,
    data: line.data,
  });
}
