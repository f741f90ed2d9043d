import { asc, eq, sql, type SQL } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { decisions } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { chainHash, verifyChain, type ChainVerification } from "../../core/hash-chain";
import type { DecisionRow } from "../scoring";

// A subject's decisions (a transaction's, or a screening's) are a hash chain in `seq` order
// (server/domain/scoring/README.md, "Decisions"): each decision's hash covers its fields and the
// previous decision's hash.

type DecisionFields = Omit<DecisionRow, "hash">;

/** What a decision's hash covers. */
export function decisionFields(d: DecisionFields) {
  return {
    id: d.id,
    account_id: d.accountId,
    environment: d.environment,
    transaction_id: d.transactionId ?? null,
    screening_id: d.screeningId ?? null,
    seq: d.seq,
    decision: d.decision,
    reason: d.reason,
    notes: d.notes ?? null,
    analyst_id: d.analystId ?? null,
    actor_id: d.actorId,
    snapshot: d.snapshot ?? null,
    created_at: d.createdAt.toISOString(),
  };
}

/**
 * The next link of a subject's chain: its `seq`, the previous hash and the timestamp (the
 * transaction's start). Callers hold the subject's row (FOR UPDATE), so no other writer appends
 * between this read and the insert; the unique (subject, seq) indexes refuse one that did not.
 */
export async function nextLink(db: Db, scope: Scope, subject: SQL): Promise<{ seq: number; previous: string | null; createdAt: Date }> {
  const last = sql`from ${decisions} where ${decisions.accountId} = ${scope.accountId} and ${decisions.environment} = ${scope.environment} and ${subject} order by ${decisions.seq} desc limit 1`;
  const [r] = await rows<{ seq: number | null; hash: string | null; now: Date | string }>(
    db,
    sql`select (select ${decisions.seq} ${last}) as seq, (select ${decisions.hash} ${last}) as hash, date_trunc('milliseconds', now()) as now`,
  );
  return { seq: Number(r!.seq ?? 0) + 1, previous: r!.hash, createdAt: new Date(r!.now) };
}

/** The row to insert, with its hash. */
export function hashedDecision<T extends DecisionFields>(row: T, previous: string | null): T & { hash: string } {
  return { ...row, hash: chainHash(decisionFields(row), previous) };
}

/** Whether one subject's decisions (in `seq` order) are intact. */
export function verifyDecisions(chain: DecisionRow[]): ChainVerification {
  return verifyChain(
    chain,
    (d) => d.seq,
    (d) => d.hash,
    decisionFields,
  );
}

/** One transaction's decision chain, read in `seq` order and checked (its detail page shows it). */
export async function verifyTransactionDecisions(db: Db, scope: Scope, transactionId: string): Promise<ChainVerification> {
  const chain = await db
    .select()
    .from(decisions)
    .where(inScope(decisions, scope, eq(decisions.transactionId, transactionId)))
    .orderBy(asc(decisions.seq));
  return verifyDecisions(chain);
}

/**
 * Several subjects' chains at once (a case export): `verified` when all are, `entries` in all,
 * and each broken chain with its subject and first broken `seq`.
 */
export function verifyDecisionChains(subjects: { subject: string; chain: DecisionRow[] }[]) {
  const results = subjects.map((s) => ({ subject_id: s.subject, ...verifyDecisions(s.chain) }));
  const broken = results.filter((r) => !r.verified).map((r) => ({ subject_id: r.subject_id, first_broken_seq: r.first_broken_seq! }));
  return {
    verified: broken.length === 0,
    entries: results.reduce((n, r) => n + r.entries, 0),
    first_broken_seq: broken[0]?.first_broken_seq ?? null,
    unhashed: results.reduce((n, r) => n + r.unhashed, 0),
    chains: results.length,
    broken,
  };
}
