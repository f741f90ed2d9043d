import type { z } from "zod";
import type * as a from "./generated/surface-a/zod.gen";
import type * as b from "./generated/surface-b/zod.gen";
import type * as s from "./wire-schemas";

// The API's answers as the console reads them: types generated from the served OpenAPI documents
// (lib/api/generated, `npm run openapi:generate`), under the console's names. Client components
// import this file, so it holds types (free) and plain enumeration constants, never a validator:
// the validators are in wire-schemas.ts (server-only), which kept ~60 kB of zod out of the browser.

/** The envelope every list answer shares (each list's validator is generated with its items). */
export type ListPage<T> = { object: "list"; data: T[]; has_more: boolean; next_cursor: string | null };

// Surface A (`/v1`)
export type Alert = z.output<typeof s.AlertSchema>;
export type AlertSeverity = Alert["severity"];
export type AlertStatus = Alert["status"];
export type AlertDetail = z.output<typeof s.AlertDetailSchema>;
export type Case = z.output<typeof s.CaseSchema>;
export type CaseEvent = z.output<typeof s.CaseEventSchema>;
export type CaseStatus = Case["status"];
export type CaseType = Case["case_type"];
export type AlertEvent = z.output<typeof s.AlertEventSchema>;
/** The outcome of a resolved case or alert (confirmed fraud, false positive, inconclusive). */
export type Resolution = NonNullable<Case["resolution"]>;
export type DecisionRecord = z.output<typeof s.DecisionRecordSchema>;
export type DecisionValue = DecisionRecord["decision"];
export type ArgusEvent = z.output<typeof s.EventSchema>;
export type Transaction = z.output<typeof s.TransactionSchema>;
export type EntityGraph = z.output<typeof s.EntityGraphSchema>;
export type GraphNode = EntityGraph["nodes"][number];
export type GraphEdge = EntityGraph["edges"][number];
export type GraphFlag = GraphNode["flags"][number];
export type UserProfile = z.output<typeof s.UserProfileSchema>;
/** `GET /v1/transactions`: assessments without their chain, with the latest manual decision. */
export type ListedTransaction = z.output<typeof s.TransactionListSchema>["data"][number];
export type Signal = z.output<typeof s.SignalSchema>;
export type Explanation = NonNullable<Transaction["explanation"]>;
export type Contribution = Explanation["contributions"][number];
export type ScoreResult = z.output<typeof s.ScoreResultSchema>;
export type Screening = z.output<typeof s.ScreeningSchema>;
export type ScreeningStatus = Screening["status"];
export type ScreeningMatch = Screening["matches"][number];
export type ListedEntity = z.output<typeof s.ListedEntitySchema>;
export type ScreeningDetail = z.output<typeof s.ScreeningDetailSchema>;
export type WebhookEndpoint = z.output<typeof s.WebhookEndpointSchema>;
export type CreatedWebhookEndpoint = z.output<typeof s.CreatedWebhookEndpointSchema>;
export type WebhookDelivery = z.output<typeof s.WebhookDeliverySchema>;

export type AlertCluster = z.output<typeof s.AlertClusterSchema>;
export type CaseExport = z.output<typeof s.CaseExportSchema>;
export type CaseExportChains = z.output<typeof s.CaseExportChainsSchema>;
/** One history's check: `verified`, how many entries, the first broken one's `seq`. */
export type ChainVerification = CaseExportChains["audit"];
/** A screening as the review lists show it, with its twins awaiting review (same subject, same listed entries). */
export type ListedScreening = z.output<typeof s.ListedScreeningSchema>;
export type ScreeningTwin = ListedScreening["twins"][number];

// Surface B (`/api/v1`: X-Api-Key and dashboard routes)
export type Analyst = z.output<typeof s.AnalystSchema>;
export type AnalystRole = Analyst["role"];
export type AnalystSession = z.output<typeof s.AnalystSessionSchema>;
export type ApiKey = z.output<typeof s.ApiKeySchema>;
export type CreatedApiKey = z.output<typeof s.CreatedApiKeySchema>;
export type ApiKeyScope = NonNullable<z.output<typeof b.zCreateApiKeyRequest>["scopes"]>[number];
export type Overview = z.output<typeof s.OverviewSchema>;
export type ScoresDay = z.output<typeof s.ScoresDaySchema>;
export type AlertTypeCounts = z.output<typeof s.AlertTypeCountsSchema>;
export type Policy = z.output<typeof s.PolicySchema>;
export type PolicyRule = Policy["rules"][number];
export type RuleConditions = PolicyRule["when"];
export type PolicyAction = PolicyRule["action"];
export type SignalInfo = z.output<typeof s.SignalInfoSchema>;
export type DetectionPolicy = z.output<typeof s.DetectionPolicySchema>;
export type Verification = z.output<typeof s.VerificationSchema>;
export type VerificationCheck = Verification["checks"][number];
export type VerificationStatus = Verification["status"];
export type VerificationType = Verification["type"];
export type CheckStatus = VerificationCheck["status"];
export type VerificationDetail = z.output<typeof s.VerificationDetailSchema>;
export type EventType = ArgusEvent["event_type"];
export type TransactionEvent = ArgusEvent;
export type DecisionReason = z.output<typeof a.zCreateDecisionRequest>["reason"];
export type ReviewState = NonNullable<z.output<typeof a.zGetV1IdentityScreeningsQuery>["review_state"]>;
type AlertType = NonNullable<z.output<typeof a.zGetV1AlertsQuery>["alert_type"]>;
type PaymentMethod = z.output<typeof a.zScoreTransactionRequest>["payment_method"];
type Subscribable = z.output<typeof a.zCreateWebhookRequest>["events"][number];

/**
 * Every value of a generated enumeration, spelt out (a validator would ship zod's generated code to
 * the browser): a missing or unknown value fails to compile; wire.test.ts checks the order.
 */
const allOf =
  <T extends string>() =>
  <const V extends readonly T[]>(values: V & ([T] extends [V[number]] ? unknown : never)): V =>
    values;
export type DeskWorkload = z.output<typeof s.DeskWorkloadSchema>;
export type AnalystWorkload = DeskWorkload["data"][number];
export type SlaPolicy = z.output<typeof s.SlaPolicySchema>;
export type SlaDueSeconds = SlaPolicy["case_due_seconds"];
export type AssignmentPolicy = z.output<typeof s.AssignmentPolicySchema>;
export type AssignmentRule = AssignmentPolicy["rules"][number];
export type Forecast = z.output<typeof s.ForecastSchema>;
export type SeverityForecast = Forecast["data"][number];
export type SavedView = z.output<typeof s.SavedViewSchema>;
export type SavedViewQueue = SavedView["queue"];
export type QualityReviewItem = z.output<typeof s.QualityReviewItemSchema>;
export type QualityReview = z.output<typeof s.QualityReviewSchema>;
export type QualityReport = z.output<typeof s.QualityReportSchema>;
export type QualityReviewPolicy = z.output<typeof s.QualityReviewPolicySchema>;
export type Backtest = z.output<typeof s.BacktestSchema>;
export type BacktestResult = NonNullable<Backtest["result"]>;
export type BacktestDecision = keyof BacktestResult["matrix"];
export type TransactionAnalysis = z.output<typeof s.TransactionAnalysisSchema>;
export type Approval = z.output<typeof s.ApprovalSchema>;
export type ApprovalStatus = Approval["status"];
export type ApprovalAction = Approval["action"];
export type ApprovalPolicy = z.output<typeof s.ApprovalPolicySchema>;

// The enumerations the console offers as filters and choices, in the API's order.
export const resolutions = allOf<Resolution>()(["confirmed_fraud", "false_positive", "inconclusive"]);
export const graphFlags = allOf<GraphFlag>()(["blocked", "confirmed_fraud", "open_alert", "open_case", "watchlist"]);
export const apiKeyScopes = allOf<ApiKeyScope>()([
  "transactions:write",
  "decisions:write",
  "identity:write",
  "device:write",
  "events:read",
  "alerts:read",
  "alerts:write",
  "cases:read",
  "cases:write",
  "webhooks:read",
  "webhooks:write",
  "TRANSACTIONS_WRITE",
  "KYC_WRITE",
  "KYC_READ",
]);
export const alertSeverities = allOf<AlertSeverity>()(["low", "medium", "high", "critical"]);
export const alertStatuses = allOf<AlertStatus>()(["open", "acknowledged", "resolved"]);
export const caseTypes = allOf<CaseType>()(["payment_fraud", "account_takeover", "identity_fraud", "chargeback", "policy_violation"]);
export const caseStatuses = allOf<CaseStatus>()(["open", "in_review", "resolved", "closed"]);
export const decisionValues = allOf<DecisionValue>()(["allow", "challenge", "block"]);
export const eventTypes = allOf<EventType>()([
  "transaction.scored",
  "transaction.blocked",
  "identity.verified",
  "device.session_created",
  "alert.triggered",
  "decision.submitted",
]);
export const analystRoles = allOf<AnalystRole>()(["analyst", "lead", "admin"]);
export const screeningStatuses = allOf<ScreeningStatus>()(["clear", "match", "possible_match"]);
export const verificationStatuses = allOf<VerificationStatus>()(["verified", "pending", "failed", "flagged"]);
export const verificationTypes = allOf<VerificationType>()(["individual", "business"]);
export const approvalStatuses = allOf<ApprovalStatus>()(["pending", "approved", "rejected", "failed"]);
export const savedViewQueues = allOf<SavedViewQueue>()(["alerts", "cases"]);
export const alertTypes = allOf<AlertType>()(["velocity_spike", "new_device_cluster", "ato_pattern", "card_testing", "identity_abuse"]);
export const decisionReasons = allOf<DecisionReason>()([
  "manual_review",
  "customer_verified",
  "false_positive",
  "confirmed_fraud",
  "policy_exception",
]);
/** `*` subscribes an endpoint to every event type, present and future. */
export const ALL_EVENTS = "*";
export type WebhookEventType = Exclude<Subscribable, typeof ALL_EVENTS>;
/** The event types an endpoint can subscribe to one by one. */
export const webhookEventTypes = allOf<WebhookEventType>()([
  "case.updated",
  "alert.triggered",
  "identity.verification_completed",
  "transaction.flagged",
  "transaction.blocked",
  "case.sla_breached",
  "alert.sla_breached",
]);
export const paymentMethodTypes = allOf<PaymentMethod["type"]>()(["card", "wallet", "bank_transfer", "qr", "crypto"]);
export const walletTypes = allOf<NonNullable<PaymentMethod["wallet_type"]>>()(["apple_pay", "google_pay", "paypal"]);
export const policyActions = allOf<PolicyAction>()(["allow", "challenge", "block"]);
export const checkStatuses = allOf<CheckStatus>()(["pass", "pending", "fail"]);
export const reviewStates = allOf<ReviewState>()([
  "not_required",
  "pending_review",
  "true_match",
  "false_positive",
  "needs_information",
  "cleared",
]);
