import { z } from "zod";
import { TEXT_LIMITS } from "./text-limits";

// Transaction decisions (spec 2.4 and 4.5 `POST /v1/decisions`, the addition
// `GET /v1/decisions?transaction_id=`). Shared by server and client: shapes, labels and the
// decision form's schema (the same object validates the form and the server action).

export const decisionValues = ["allow", "challenge", "block"] as const;
export const decisionReasons = ["manual_review", "customer_verified", "false_positive", "confirmed_fraud", "policy_exception"] as const;

export type DecisionValue = (typeof decisionValues)[number];
export type DecisionReason = (typeof decisionReasons)[number];

/** Spec 4.5 and part 8: decision `notes` at most 1,000 characters. */
export const DECISION_NOTES_MAX = TEXT_LIMITS.decisionNotes;

export const DecisionRecordSchema = z.object({
  object: z.literal("decision"),
  decision_id: z.string(),
  // Null for screening decisions (the watchlist review shares the endpoint); never for ours.
  transaction_id: z.string().nullable(),
  // Strings, not the enums: a value added to the API later (spec 9.3) must not break the chain.
  decision: z.string(),
  reason: z.string(),
  notes: z.string().nullable(),
  analyst_id: z.string().nullable(),
  created_at: z.string(),
});

export type DecisionRecord = z.infer<typeof DecisionRecordSchema>;

export const NOTES_TOO_LONG = `Notes can be at most ${DECISION_NOTES_MAX.toLocaleString("en-GB")} characters.`;
const REQUIRED_DECISION = "Choose allow, challenge or block.";
const REQUIRED_REASON = "Choose the reason for the decision.";

/**
 * What the analyst enters. No `analyst_id`: the action takes it from the session, so nobody can
 * record a decision in someone else's name. Notes are trimmed; blank notes are sent as absent.
 */
export const DecisionFormSchema = z.object({
  transaction_id: z.string().trim().min(1, "The transaction is missing.").max(255),
  decision: z.enum(decisionValues, { error: REQUIRED_DECISION }),
  reason: z.enum(decisionReasons, { error: REQUIRED_REASON }),
  notes: z
    .string()
    .trim()
    .max(DECISION_NOTES_MAX, NOTES_TOO_LONG)
    .optional()
    .transform((value) => (value === "" ? undefined : value)),
});

export type DecisionFormInput = z.input<typeof DecisionFormSchema>;
export type DecisionFormValues = z.output<typeof DecisionFormSchema>;

export const decisionLabels: Record<DecisionValue, string> = { allow: "Allow", challenge: "Challenge", block: "Block" };

export const decisionDescriptions: Record<DecisionValue, string> = {
  allow: "Let the payment through.",
  challenge: "Ask the customer to prove it is them (step-up authentication).",
  block: "Refuse the payment.",
};

export const decisionReasonLabels: Record<DecisionReason, string> = {
  manual_review: "Manual review",
  customer_verified: "Customer verified",
  false_positive: "False positive",
  confirmed_fraud: "Confirmed fraud",
  policy_exception: "Policy exception",
};

/** What each reason does beyond being recorded (server/domain/scoring/README.md "Decisions"). */
export const decisionReasonHints: Record<DecisionReason, string> = {
  manual_review: "Reviewed by hand; no label is set.",
  customer_verified: "The customer confirmed the payment; no label is set.",
  false_positive: "Labels the transaction legitimate: the model learns, and blocklist entries it fed are withdrawn.",
  confirmed_fraud: "Labels the transaction fraud: the model learns, and its card, e-mail, device and IP join the blocklist.",
  policy_exception: "An exception to the account's policy; no label is set.",
};

export function decisionLabel(value: string): string {
  return decisionLabels[value as DecisionValue] ?? value;
}

export function decisionReasonLabel(value: string): string {
  return decisionReasonLabels[value as DecisionReason] ?? value.replaceAll("_", " ");
}

/**
 * The chain oldest first, each record marked superseded when a later one exists: a correction is
 * a new record for the same transaction (spec 4.5), so only the newest one is in force.
 */
export function decisionChain(records: readonly DecisionRecord[]): { record: DecisionRecord; current: boolean }[] {
  const ordered = [...records].sort((a, b) => (a.created_at === b.created_at ? a.decision_id.localeCompare(b.decision_id) : a.created_at.localeCompare(b.created_at)));
  return ordered.map((record, index) => ({ record, current: index === ordered.length - 1 }));
}
