import type { DecisionRecord, DecisionReason, DecisionValue } from "../api/wire";

// Decisions in the console's words, and the order in which they hold.

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
 * a new record for the same transaction, so only the newest one is in force.
 */
export function decisionChain(records: readonly DecisionRecord[]): { record: DecisionRecord; current: boolean }[] {
  const ordered = [...records].sort((a, b) =>
    a.created_at === b.created_at ? a.decision_id.localeCompare(b.decision_id) : a.created_at.localeCompare(b.created_at),
  );
  return ordered.map((record, index) => ({ record, current: index === ordered.length - 1 }));
}
