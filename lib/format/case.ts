import type { BulkCaseResult } from "../actions/bulk-case-results";
import type { CaseType, AlertSeverity, Case, CaseStatus } from "../api/wire";

// Cases in the console's words, and where a case may move next.

/** Mirrors server/domain/cases/state.ts: where a case may move from each status. */
export const caseNextStatuses: Record<CaseStatus, readonly CaseStatus[]> = {
  open: ["in_review", "resolved"],
  in_review: ["resolved"],
  resolved: ["in_review", "closed"],
  closed: ["in_review"],
};

/** The case type an alert's pattern calls for (unknown alert types: payment fraud, the commonest). */
export function caseTypeForAlert(alertType: string): CaseType {
  switch (alertType) {
    case "ato_pattern":
    case "new_device_cluster":
      return "account_takeover";
    case "identity_abuse":
      return "identity_fraud";
    default:
      return "payment_fraud";
  }
}

export const caseTypeLabels: Record<CaseType, string> = {
  payment_fraud: "Payment fraud",
  account_takeover: "Account takeover",
  identity_fraud: "Identity fraud",
  chargeback: "Chargeback",
  policy_violation: "Policy violation",
};

export const caseStatusLabels: Record<CaseStatus, string> = {
  open: "Open",
  in_review: "In review",
  resolved: "Resolved",
  closed: "Closed",
};

export type CaseSeverity = AlertSeverity;

/** The last audit entry the page shows: what "changed since" means after a version conflict. */
export const seenSeq = (kase: Pick<Case, "events">): number => kase.events.at(-1)?.seq ?? 0;

/** One line for the toast after a bulk action (here, not beside the bulk actions' zod schemas, for the queue's bundle). */
export function bulkSummary(result: BulkCaseResult, verb: string): string {
  const n = (k: number) => `${k} case${k === 1 ? "" : "s"}`;
  if (result.failed === 0) return `${verb} ${n(result.succeeded)}.`;
  if (result.succeeded === 0) return `None of ${n(result.failed)} could be ${verb.toLowerCase()}.`;
  return `${verb} ${n(result.succeeded)}; ${result.failed} failed.`;
}
