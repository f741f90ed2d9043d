import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { alertEvents, alerts, cases, decisions, screenings, transactions } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { notFound } from "../../core/errors";
import { iso } from "../../core/time";
import { serializeAssessment } from "../scoring";
import { serializeAlert, serializeAlertEvent } from "../alerts";
import { serializeScreening } from "../screening";
import { verifyDecisionChains } from "../decisions";
import { eventsOf, serializeCase, serializeCaseEvent } from "./serialize";
import { verifyCaseEvents } from "./chain";

/** How many screenings of the case's users an export carries (the most recent first). */
export const EXPORT_SCREENING_LIMIT = 100;

/**
 * GET /v1/cases/{id}/export (README.md, "Export"): the case's whole record as one JSON document
 * for an auditor: the case and its audit, notes, alerts with their histories, linked transactions
 * with their scores and decision chains, and the screenings of the people it is about.
 */
export async function exportCase(db: Db, scope: Scope, id: string) {
  const [row] = await db
    .select()
    .from(cases)
    .where(inScope(cases, scope, eq(cases.id, id)));
  if (!row) throw notFound("case", "id");
  const events = (await eventsOf(db, [row.id])).get(row.id) ?? [];

  const [linkedAlerts, alertHistory, linkedTxns, chain] = await Promise.all([
    row.alertIds.length
      ? db
          .select()
          .from(alerts)
          .where(inScope(alerts, scope, inArray(alerts.id, row.alertIds)))
      : [],
    row.alertIds.length
      ? db
          .select()
          .from(alertEvents)
          .where(inScope(alertEvents, scope, inArray(alertEvents.alertId, row.alertIds)))
          .orderBy(asc(alertEvents.alertId), asc(alertEvents.seq))
      : [],
    row.transactionIds.length
      ? db
          .select()
          .from(transactions)
          .where(inScope(transactions, scope, inArray(transactions.id, row.transactionIds)))
      : [],
    row.transactionIds.length
      ? db
          .select()
          .from(decisions)
          .where(inScope(decisions, scope, inArray(decisions.transactionId, row.transactionIds)))
          .orderBy(asc(decisions.seq))
      : [],
  ]);

  // The screenings of the people the case is about: its user and the users of its transactions.
  const userIds = [...new Set([row.userId, ...linkedTxns.map((t) => t.userId)].filter((u): u is string => !!u))];
  const screened = userIds.length
    ? await db
        .select()
        .from(screenings)
        .where(inScope(screenings, scope, inArray(screenings.userId, userIds)))
        .orderBy(desc(screenings.createdAt), desc(screenings.id))
        .limit(EXPORT_SCREENING_LIMIT)
    : [];

  const screeningChain = screened.length
    ? await db
        .select()
        .from(decisions)
        .where(
          inScope(
            decisions,
            scope,
            inArray(
              decisions.screeningId,
              screened.map((x) => x.id),
            ),
          ),
        )
        .orderBy(asc(decisions.seq))
    : [];

  const alertOrder = new Map(row.alertIds.map((a, i) => [a, i]));
  const txnOrder = new Map(row.transactionIds.map((t, i) => [t, i]));
  return {
    object: "case_export" as const,
    exported_at: iso(new Date()),
    case: serializeCase(row, events),
    audit: events.map(serializeCaseEvent),
    notes: events
      .filter((e) => e.action === "note_added")
      .map((e) => ({ event_id: e.id, seq: e.seq, actor_id: e.actorId, timestamp: iso(e.createdAt), note: String(e.details.note ?? "") })),
    alerts: [...linkedAlerts]
      .sort((a, b) => alertOrder.get(a.id)! - alertOrder.get(b.id)!)
      .map((a) => ({ ...serializeAlert(a), history: alertHistory.filter((h) => h.alertId === a.id).map(serializeAlertEvent) })),
    transactions: [...linkedTxns]
      .sort((a, b) => txnOrder.get(a.id)! - txnOrder.get(b.id)!)
      .map((t) =>
        serializeAssessment(
          t,
          chain.filter((d) => d.transactionId === t.id),
        ),
      ),
    screenings: screened.map(serializeScreening),
    chains: {
      audit: verifyCaseEvents(events),
      decisions: verifyDecisionChains([
        ...linkedTxns.map((t) => ({ subject: t.id, chain: chain.filter((d) => d.transactionId === t.id) })),
        ...screened.map((x) => ({ subject: x.id, chain: screeningChain.filter((d) => d.screeningId === x.id) })),
      ]),
    },
  };
}

export type CaseExport = Awaited<ReturnType<typeof exportCase>>;
