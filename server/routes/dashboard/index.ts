import { createRouter } from "../../http/router";
import { analystsRouter } from "./analysts/analysts.handlers";
import { apiKeysRouter } from "./api-keys/api-keys.handlers";
import { auditLogRouter } from "./audit-log/audit-log.handlers";
import { blocklistRouter } from "./blocklist/blocklist.handlers";
import { deskRouter } from "./desk/desk.handlers";
import { detectionPoliciesRouter } from "./detection-policies/detection-policies.handlers";
import { overviewRouter } from "./overview/overview.handlers";
import { backtestRouter } from "./policies/backtest.handlers";
import { policiesRouter } from "./policies/policies.handlers";
import { slaPolicyRouter } from "./policies/sla.handlers";
import { assignmentPolicyRouter } from "./policies/assignment.handlers";
import { approvalPolicyRouter } from "./policies/approval-policy.handlers";
import { dashboardApprovalsRouter } from "./approvals/approvals.handlers";
import { qualityReviewPolicyRouter } from "./policies/quality-review-policy.handlers";
import { qualityReviewsRouter } from "./quality-reviews/quality-reviews.handlers";
import { viewsRouter } from "./views/views.handlers";

/** Surface B's dashboard routes (`/api/v1/…` with the console's short-lived JWT; API keys refused). */
export const dashboardRoutes = createRouter()
  .route("/", apiKeysRouter)
  .route("/", analystsRouter)
  .route("/", deskRouter)
  .route("/", viewsRouter)
  .route("/", slaPolicyRouter)
  .route("/", assignmentPolicyRouter)
  .route("/", policiesRouter)
  .route("/", backtestRouter)
  .route("/", approvalPolicyRouter)
  .route("/", dashboardApprovalsRouter)
  .route("/", qualityReviewPolicyRouter)
  .route("/", qualityReviewsRouter)
  .route("/", blocklistRouter)
  .route("/", detectionPoliciesRouter)
  .route("/", overviewRouter)
  .route("/", auditLogRouter);
