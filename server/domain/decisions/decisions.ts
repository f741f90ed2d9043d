import { desc, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { decisions, transactions, type Decision, type DecisionReason } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { ApiError, notFound } from "../../core/errors";
import { decodeCursor, keyset, toPage } from "../../core/pagination";
import { newId } from "../../core/ids";
import { appendEvent } from "../events";
import { feedBlocklist, withdrawFeed } from "../blocklist";
import { forgetRiskConfig, serializeDecision, type DecisionRow, type TransactionRow } from "../scoring";
import { relabel } from "./learning";
import type { DomainDeps } from "../deps";
import { lockGroup, reviewScreening, type ScreeningRow } from "../screening";
import { hashedDecision, nextLink } from "./chain";

export type DecisionInput = {
  transactionId: string;
  decision: Decision;
  reason: DecisionReason;
  notes?: string;
  analystId?: string;
  /** What the analyst had on screen (server/domain/scoring/README.md, "Decisions"); null for API writes without one. */
  snapshot?: Record<string, unknown> | null;
};

export type DecisionCtx = { scope: Scope; actorId: string };

/** Reasons that label the transaction for the account's model. */
export const labelOf: Partial<Record<DecisionReason, "fraud" | "legit">> = { confirmed_fraud: "fraud", false_positive: "legit" };

/**
 * A decision whose reason says the opposite (a logical conflict, so 422): allowing what the
 * reason calls confirmed fraud, or blocking what it calls a false positive. The reason labels the
 * transaction for the model (and settles a screening's review), so such a record would teach one
 * thing and do the other.
 */
function refuseContradiction(decision: Decision, reason: DecisionReason): void {
  if (decision === "allow" && reason === "confirmed_fraud") {
    throw new ApiError(
      "unprocessable",
      "decision allow contradicts reason confirmed_fraud: confirmed fraud is blocked (or challenged).",
      "reason",
    );
  }
  if (decision === "block" && reason === "false_positive") {
    throw new ApiError(
      "unprocessable",
      "decision block contradicts reason false_positive: a false positive is allowed (or challenged).",
      "reason",
    );
  }
}

/** Stored as jsonb and read back: what is hashed is what will be read back (no undefined members). */
const storedSnapshot = (snapshot: Record<string, unknown> | null | undefined) =>
  snapshot ? (JSON.parse(JSON.stringify(snapshot)) as Record<string, unknown>) : null;

/**
 * Records a manual decision on a transaction. Run it in a transaction: the immutable
 * record, the transaction's latest decision and label, the model's label counts, the blocklist
 * feed and the decision.submitted event commit together.
 */
export async function recordTransactionDecision(db: Db, ctx: DecisionCtx, input: DecisionInput) {
  const { scope } = ctx;
  refuseContradiction(input.decision, input.reason);
  // FOR UPDATE: two concurrent labels of one transaction apply one after the other.
  const [txn] = (await db
    .select()
    .from(transactions)
    .where(inScope(transactions, scope, eq(transactions.id, input.transactionId)))
    .for("update")) as TransactionRow[];
  if (!txn) throw notFound("transaction", "transaction_id");

  const link = await nextLink(db, scope, eq(decisions.transactionId, txn.id));
  const [row] = await db
    .insert(decisions)
    .values(
      hashedDecision(
        {
          id: newId("dec"),
          ...scope,
          transactionId: txn.id,
          screeningId: null,
          decision: input.decision,
          reason: input.reason,
          notes: input.notes ?? null,
          analystId: input.analystId ?? null,
          actorId: ctx.actorId,
          snapshot: storedSnapshot(input.snapshot),
          seq: link.seq,
          createdAt: link.createdAt,
        },
        link.previous,
      ),
    )
    .returning();
  const record = row as DecisionRow;

  const label = labelOf[input.reason];
  await db
    .update(transactions)
    .set({ reviewedDecision: input.decision, reviewedAt: record.createdAt, ...(label ? { label } : {}) })
    .where(inScope(transactions, scope, eq(transactions.id, txn.id)));

  if (label && label !== txn.label) {
    await relabel(
      db,
      scope,
      txn.signals.map((s) => s.name),
      txn.label,
      label,
    );
    if (label === "fraud") await feedBlocklist(db, scope, txn, ctx.actorId);
    else await withdrawFeed(db, scope, txn);
    forgetRiskConfig(scope);
  }

  await appendEvent(db, scope, {
    type: "decision.submitted",
    transactionId: txn.id,
    userId: txn.userId,
    payload: {
      decision_id: record.id,
      decision: input.decision,
      reason_codes: [input.reason],
      previous_decision: txn.reviewedDecision ?? txn.decision,
      ...(input.analystId ? { analyst_id: input.analystId } : {}),
      ...(label ? { label } : {}),
    },
  });
  return serializeDecision(record);
}

/** The note each twin's record carries: which review decided it, then the reviewer's own notes (within the 1,000 of the spec). */
export function twinNote(screeningId: string, notes: string | undefined): string {
  const note = `Decided together with its twin ${screeningId} (same subject, same listed entries).${notes ? ` ${notes}` : ""}`;
  return note.length <= 1000 ? note : `${note.slice(0, 999)}…`;
}

/**
 * Records a reviewer's decision on a watchlist screening (server/domain/identity/README.md): the
 * immutable record and its decision.submitted event, then the review outcome (suppression of a
 * false positive, settling an identity verification waiting on the review), in one transaction.
 * Unless `includeTwins` is false, the screening's open twins (server/domain/screening/twins.ts)
 * get the same review, each its own record by the same analyst with a note naming the screening.
 */
export async function recordScreeningDecision(
  db: Db,
  ctx: DecisionCtx & { deps: DomainDeps },
  input: Omit<DecisionInput, "transactionId"> & { screeningId: string; includeTwins?: boolean },
) {
  refuseContradiction(input.decision, input.reason);
  // FOR UPDATE: concurrent reviews of one screening (or one group) are numbered and applied one after the other.
  const group = await lockGroup(db, ctx.scope, input.screeningId, input.includeTwins !== false);
  if (!group) throw notFound("screening", "screening_id");
  const record = await recordOneReview(db, ctx, group.screening, input);
  const twins = [];
  for (const twin of group.twins) {
    const twinRecord = await recordOneReview(db, ctx, twin, { ...input, notes: twinNote(group.screening.id, input.notes) });
    twins.push({ screening_id: twin.id, decision_id: twinRecord.id });
  }
  return { ...serializeDecision(record), decided_twins: twins };
}

async function recordOneReview(
  db: Db,
  ctx: DecisionCtx & { deps: DomainDeps },
  screening: ScreeningRow,
  input: Omit<DecisionInput, "transactionId">,
): Promise<DecisionRow> {
  const { scope } = ctx;
  const link = await nextLink(db, scope, eq(decisions.screeningId, screening.id));
  const [row] = await db
    .insert(decisions)
    .values(
      hashedDecision(
        {
          id: newId("dec"),
          ...scope,
          transactionId: null,
          screeningId: screening.id,
          decision: input.decision,
          reason: input.reason,
          notes: input.notes ?? null,
          analystId: input.analystId ?? null,
          actorId: ctx.actorId,
          snapshot: storedSnapshot(input.snapshot),
          seq: link.seq,
          createdAt: link.createdAt,
        },
        link.previous,
      ),
    )
    .returning();
  const record = row as DecisionRow;
  await reviewScreening(
    db,
    { scope, deps: ctx.deps },
    { screeningId: screening.id, decision: input.decision, reason: input.reason, decisionId: record.id },
  );
  await appendEvent(db, scope, {
    type: "decision.submitted",
    userId: screening.userId,
    payload: {
      decision_id: record.id,
      screening_id: screening.id,
      decision: input.decision,
      reason_codes: [input.reason],
      ...(input.analystId ? { analyst_id: input.analystId } : {}),
    },
  });
  return record;
}

/**
 * GET /v1/decisions: newest first. The decisions of one subject (transaction or screening) come
 * in reverse commit order (`seq`); the cursor is the same (created_at, id) of the last row.
 */
export async function listDecisions(
  db: Db,
  scope: Scope,
  q: { transactionId?: string; screeningId?: string; limit: number; after?: string },
) {
  const oneSubject = q.transactionId !== undefined || q.screeningId !== undefined;
  const page = oneSubject ? seqKeyset(scope, q.after) : keyset({ createdAt: decisions.createdAt, id: decisions.id }, q.after);
  const rows = await db
    .select()
    .from(decisions)
    .where(
      inScope(
        decisions,
        scope,
        q.transactionId ? eq(decisions.transactionId, q.transactionId) : undefined,
        q.screeningId ? eq(decisions.screeningId, q.screeningId) : undefined,
        page.where,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(q.limit + 1);
  return toPage(rows, q.limit, serializeDecision);
}

/** Newest first by `seq`: strictly before the cursor's decision. */
function seqKeyset(scope: Scope, after: string | undefined): { where?: SQL; orderBy: SQL[] } {
  const orderBy = [desc(decisions.seq)];
  if (!after) return { orderBy };
  const { id } = decodeCursor(after);
  const cursorSeq = sql`(select ${decisions.seq} from ${decisions} where ${decisions.id} = ${id} and ${decisions.accountId} = ${scope.accountId} and ${decisions.environment} = ${scope.environment})`;
  return { where: lt(decisions.seq, cursorSeq), orderBy };
}
