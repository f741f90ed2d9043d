import { z } from "zod";
import { alertSeverities, type AlertSeverity } from "./alert";
import { TEXT_LIMITS, tooLongMessage } from "./text-limits";

// The case resource of /v1/cases (server/domain/cases/README.md). Shared by server and client.

export const caseTypes = ["payment_fraud", "account_takeover", "identity_fraud", "chargeback", "policy_violation"] as const;
export const caseStatuses = ["open", "in_review", "resolved", "closed"] as const;

export type CaseType = (typeof caseTypes)[number];
export type CaseStatus = (typeof caseStatuses)[number];

export const CaseEventSchema = z.object({
  event_id: z.string(),
  /** 1, 2, 3… in commit order: the last entry is the latest change. */
  seq: z.number().int(),
  action: z.string(),
  actor_id: z.string(),
  timestamp: z.string(),
  from: z.string().nullable().optional(),
  to: z.string().nullable().optional(),
  note: z.string().optional(),
  transaction_ids: z.array(z.string()).optional(),
});

export type CaseEvent = z.infer<typeof CaseEventSchema>;

export const CaseSchema = z.object({
  object: z.literal("case"),
  case_id: z.string(),
  title: z.string(),
  case_type: z.enum(caseTypes),
  status: z.enum(caseStatuses),
  severity: z.enum(alertSeverities),
  transaction_ids: z.array(z.string()),
  user_id: z.string().nullable(),
  assignee_id: z.string().nullable(),
  /** The alert the case was opened from (null: opened by hand). */
  alert_id: z.string().nullable().default(null),
  /** Grows with every change; sent back as If-Match so a change never lands on a case the analyst did not see. */
  version: z.number().int(),
  events: z.array(CaseEventSchema),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Case = z.infer<typeof CaseSchema>;

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

export const caseStatusLabels: Record<CaseStatus, string> = { open: "Open", in_review: "In review", resolved: "Resolved", closed: "Closed" };

export type CaseSeverity = AlertSeverity;

export const UpdateCaseInputSchema = z.object({
  id: z.string().min(1).max(200),
  /** The version the page showed (If-Match). */
  version: z.number().int().min(1),
  status: z.enum(caseStatuses).optional(),
  notes: z.string().trim().min(1).max(TEXT_LIMITS.caseNote, tooLongMessage(TEXT_LIMITS.caseNote)).optional(),
  // null unassigns.
  assignee_id: z.string().min(1).max(200).nullable().optional(),
});

export type UpdateCaseInput = z.infer<typeof UpdateCaseInputSchema>;

/** The last audit entry the page shows: what "changed since" means after a version conflict. */
export const seenSeq = (kase: Pick<Case, "events">): number => kase.events.at(-1)?.seq ?? 0;
