import { sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { caseEvents, type CaseAction } from "../../db/schema";
import { scopeValues, type Scope } from "../../db/scope";
import { newId } from "../../core/ids";
import { chainHash, verifyChain, type ChainVerification } from "../../core/hash-chain";
import type { CaseEventRow } from "./serialize";

// A case's audit entries are a hash chain (README.md, "What the analyst saw"): each entry's hash
// covers its fields and the previous entry's hash, so an entry changed in the database is found.

export type Snapshot = Record<string, unknown>;
export type Entry = { action: CaseAction; details: Record<string, unknown> };

/** What an entry's hash covers. The timestamp is kept to the millisecond, as stored. */
export function caseEventFields(
  e: Pick<
    CaseEventRow,
    "id" | "accountId" | "environment" | "caseId" | "seq" | "action" | "actorId" | "details" | "snapshot" | "createdAt"
  >,
) {
  return {
    id: e.id,
    account_id: e.accountId,
    environment: e.environment,
    case_id: e.caseId,
    seq: e.seq,
    action: e.action,
    actor_id: e.actorId,
    details: e.details,
    snapshot: e.snapshot ?? null,
    created_at: e.createdAt.toISOString(),
  };
}

/**
 * Appends entries numbered and hashed after the case's last one. Callers hold the case row (FOR
 * UPDATE, or a case not yet visible to anyone), so the last entry read here is the last one
 * committed and no other writer appends meanwhile; the unique (case_id, seq) index refuses one that
 * did not hold it. The timestamp is the transaction's start, read with the last entry.
 */
export async function appendEntries(
  db: Db,
  scope: Scope,
  caseId: string,
  actorId: string,
  entries: Entry[],
  snapshot: Snapshot | null = null,
): Promise<void> {
  if (entries.length === 0) return;
  const [last] = await rows<{ seq: number | null; hash: string | null; now: Date | string }>(
    db,
    sql`select (select ${caseEvents.seq} from ${caseEvents} where ${caseEvents.caseId} = ${caseId} order by ${caseEvents.seq} desc limit 1) as seq,
               (select ${caseEvents.hash} from ${caseEvents} where ${caseEvents.caseId} = ${caseId} order by ${caseEvents.seq} desc limit 1) as hash,
               date_trunc('milliseconds', now()) as now`,
  );
  const createdAt = new Date(last!.now);
  // Stored as jsonb and read back: hash what will be read back (no undefined members).
  const shown = snapshot === null ? null : (JSON.parse(JSON.stringify(snapshot)) as Snapshot);
  let previous = last!.hash;
  const seq0 = Number(last!.seq ?? 0);
  const values = entries.map((e, i) => {
    const row = {
      id: newId("cevt"),
      ...scopeValues(scope),
      caseId,
      action: e.action,
      actorId,
      details: JSON.parse(JSON.stringify(e.details)) as Record<string, unknown>,
      snapshot: shown,
      seq: seq0 + i + 1,
      createdAt,
    };
    const hash = chainHash(caseEventFields(row), previous);
    previous = hash;
    return { ...row, hash };
  });
  await db.insert(caseEvents).values(values);
}

/** Whether a case's audit log (in `seq` order) is intact. */
export function verifyCaseEvents(events: CaseEventRow[]): ChainVerification {
  return verifyChain(
    events,
    (e) => e.seq,
    (e) => e.hash,
    caseEventFields,
  );
}
