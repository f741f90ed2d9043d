import type { ApprovalAction, ApprovalStatus } from "../api/wire";

// Four-eyes approvals in the console's words (server/domain/approvals/README.md).

export const approvalActionLabels: Record<ApprovalAction, string> = {
  case_resolution: "Case resolved as false positive",
  screening_review: "Watchlist review",
  score_policy_publish: "Score policy published",
};

export const approvalStatusLabels: Record<ApprovalStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  failed: "Failed",
};

export const approvalStatusTones: Record<ApprovalStatus, "warning" | "success" | "danger" | "neutral"> = {
  pending: "warning",
  approved: "success",
  rejected: "danger",
  failed: "neutral",
};

/** Where the object an approval is about is shown in the console, if anywhere. */
export function approvalObjectHref(action: ApprovalAction, objectId: string): string {
  if (action === "case_resolution") return `/cases/${encodeURIComponent(objectId)}`;
  if (action === "screening_review") return `/watchlist/${encodeURIComponent(objectId)}`;
  return "/settings/policies";
}

/** The review a held screening decision would record, in the reviewer's words (server review rules). */
export function heldReviewLabel(request: Record<string, unknown>): string {
  if (request.reason === "false_positive") return "False positive: not the listed person";
  if (request.reason === "confirmed_fraud" || request.decision === "block") return "True match: the listed person";
  return String(request.decision ?? "—");
}

/** Minor units with grouping; the exposure adds amounts whatever their currency, so none is named. */
export const formatMinorUnits = (minor: number): string => `${new Intl.NumberFormat("en-GB").format(minor)} minor units`;
