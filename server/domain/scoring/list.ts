import { and, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { decisions, transactions, type Decision } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { directedKeyset, toDirectedPage, type ListOrder, type Page } from "../../core/pagination";
import { serializeAssessment, serializeDecision, type DecisionRow, type TransactionRow } from "./serialize";

export type TransactionFilters = {
  /** The engine's decision. */
  decision?: Decision;
  /** `pending`: challenged or blocked with no analyst decision; `decided`: with an analyst decision. */
  review?: "pending" | "decided";
  label?: "legit" | "fraud";
  userId?: string;
  minScore?: number;
  maxScore?: number;
  startTime?: Date;
  endTime?: Date;
  order: ListOrder;
  limit: number;
  after?: string;
};

// The fixed predicates are literals, not parameters, so the planner can match them to the partial
// indexes of the transactions table (server/db/schema/transactions.ts) in every plan it makes.
const PENDING = sql.raw(`${transactions.decision.name} in ('challenge', 'block') and ${transactions.reviewedDecision.name} is null`);
const DECIDED = sql.raw(`${transactions.reviewedDecision.name} is not null`);
const literal = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);

function filtersOf(f: TransactionFilters): (SQL | undefined)[] {
  return [
    f.review === "pending" ? PENDING : f.review === "decided" ? DECIDED : undefined,
    // The engine's decisions are an enum: inlined, so `challenge` and `block` use the partial index.
    f.decision ? sql`${transactions.decision} = ${literal(f.decision)}` : undefined,
    f.label ? sql`${transactions.label} = ${literal(f.label)}` : undefined,
    f.userId ? eq(transactions.userId, f.userId) : undefined,
    f.minScore !== undefined ? gte(transactions.riskScore, f.minScore) : undefined,
    f.maxScore !== undefined ? lte(transactions.riskScore, f.maxScore) : undefined,
    f.startTime ? gte(transactions.createdAt, f.startTime) : undefined,
    f.endTime ? lte(transactions.createdAt, f.endTime) : undefined,
  ];
}

/** The latest analyst decision of each transaction (the last of its chain), by the chain's index. */
async function latestDecisions(db: Db, scope: Scope, ids: string[]): Promise<Map<string, DecisionRow>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .selectDistinctOn([decisions.transactionId])
    .from(decisions)
    .where(inScope(decisions, scope, inArray(decisions.transactionId, ids)))
    .orderBy(decisions.transactionId, desc(decisions.seq));
  return new Map(found.map((d) => [d.transactionId!, d]));
}

/** A list item: the assessment of GET /v1/transactions/{id} without its chain, plus the latest decision. */
export function serializeListedTransaction(row: TransactionRow, latest: DecisionRow | undefined) {
  const { decisions: _chain, ...assessment } = serializeAssessment(row, latest ? [latest] : []);
  return { ...assessment, latest_decision: latest ? serializeDecision(latest) : null };
}

export type ListedTransaction = ReturnType<typeof serializeListedTransaction>;

/** GET /v1/transactions (an addition): live assessments, newest (or oldest) first, with filters. */
export async function listTransactions(db: Db, scope: Scope, f: TransactionFilters): Promise<Page<ListedTransaction>> {
  const page = directedKeyset({ createdAt: transactions.createdAt, id: transactions.id }, f.order, f.after);
  const found = await db
    .select()
    .from(transactions)
    .where(and(inScope(transactions, scope, ...filtersOf(f), page.where)))
    .orderBy(...page.orderBy)
    .limit(f.limit + 1);
  const latest = await latestDecisions(
    db,
    scope,
    found.slice(0, f.limit).map((r) => r.id),
  );
  return toDirectedPage(found, f.limit, f.order, (row) => serializeListedTransaction(row, latest.get(row.id)));
}
