import type { Db } from "../../db/client";
import { transactions } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { appendEvents, type EventInput } from "../events/append";
import { emitWebhookEvent } from "../webhooks/emit";
import { serializeAssessment, type TransactionRow } from "./serialize";

/** A live assessment ready to be stored, with its events. */
export type Stored = { row: TransactionRow; blocked: { rule_id: string; rule_name: string; threshold: number | null } | null; riskLevel: string };

function eventsOf(s: Stored): EventInput[] {
  const { row } = s;
  const out: EventInput[] = [
    {
      type: "transaction.scored",
      transactionId: row.id,
      userId: row.userId,
      payload: {
        risk_score: row.riskScore,
        risk_factors: row.signals.map((x) => x.name),
        risk_level: s.riskLevel,
        model_version: row.modelVersion,
        decision: row.decision,
      },
    },
  ];
  if (s.blocked) out.push({ type: "transaction.blocked", transactionId: row.id, userId: row.userId, payload: { ...s.blocked, risk_score: row.riskScore } });
  return out;
}

/**
 * Writes live assessments with their events and webhooks. The caller passes a transaction, so the
 * assessment, its log entries and its webhook outbox rows commit together or not at all.
 */
export async function persistAssessments(tx: Db, jobs: JobQueue, items: Stored[]): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(transactions).values(items.map((s) => s.row));
  const byScope = new Map<string, { scope: { accountId: string; environment: "live" | "test" }; events: EventInput[] }>();
  for (const s of items) {
    const k = `${s.row.accountId}\u0000${s.row.environment}`;
    let g = byScope.get(k);
    if (!g) byScope.set(k, (g = { scope: { accountId: s.row.accountId, environment: s.row.environment }, events: [] }));
    g.events.push(...eventsOf(s));
  }
  for (const g of byScope.values()) await appendEvents(tx, g.scope, g.events);
  for (const s of items) {
    if (s.row.decision === "allow") continue;
    const scope = { accountId: s.row.accountId, environment: s.row.environment };
    await emitWebhookEvent(tx, jobs, scope, s.row.decision === "block" ? "transaction.blocked" : "transaction.flagged", serializeAssessment(s.row, []));
  }
}
