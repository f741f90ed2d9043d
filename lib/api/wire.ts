import { z } from "zod";
import * as a from "./generated/surface-a/zod.gen";
import * as b from "./generated/surface-b/zod.gen";

// The API's answers as the console reads them: validators and types generated from the served
// OpenAPI documents (lib/api/generated, `npm run openapi:generate`), under the console's names.
// No server-only: client components import these types too. Nothing here restates a shape; the
// few lines below that adjust a generated validator say why.

/** The envelope every list answer shares (each list's validator is generated with its items). */
export type ListPage<T> = { object: "list"; data: T[]; has_more: boolean; next_cursor: string | null };

// Surface A (`/v1`)
export const AlertSchema = a.zAlert;
export type Alert = z.output<typeof AlertSchema>;
export type AlertSeverity = Alert["severity"];
export type AlertStatus = Alert["status"];
export const AlertListSchema = a.zGetV1AlertsResponse;
export const AlertDetailSchema = a.zGetV1AlertsByIdResponse;
export type AlertDetail = z.output<typeof AlertDetailSchema>;
export const AlertClusterListSchema = a.zGetV1AlertClustersResponse;
export type AlertCluster = z.output<typeof a.zAlertCluster>;

export const CaseSchema = a.zCase;
export type Case = z.output<typeof CaseSchema>;
export type CaseEvent = z.output<typeof a.zCaseEvent>;
export type CaseStatus = Case["status"];
export type CaseType = Case["case_type"];
export const CaseListSchema = a.zGetV1CasesResponse;
export type AlertEvent = z.output<typeof a.zAlertEvent>;
export const CaseExportSchema = a.zCaseExport;
export type CaseExport = z.output<typeof CaseExportSchema>;
export type CaseExportChains = z.output<typeof a.zCaseExportChains>;
/** One history's check: `verified`, how many entries, the first broken one's `seq`. */
export type ChainVerification = CaseExportChains["audit"];
/** The outcome of a resolved case or alert (confirmed fraud, false positive, inconclusive). */
export const resolutions = a.zCase.shape.resolution.unwrap().options;
export type Resolution = (typeof resolutions)[number];

export const DecisionRecordSchema = a.zDecision;
export type DecisionRecord = z.output<typeof DecisionRecordSchema>;
export type DecisionValue = DecisionRecord["decision"];
export const DecisionListSchema = a.zGetV1DecisionsResponse;

export const EventSchema = a.zEvent;
export type ArgusEvent = z.output<typeof EventSchema>;
export const EventListSchema = a.zGetV1EventsResponse;

export const TransactionSchema = a.zGetV1TransactionsByIdResponse;
export type Transaction = z.output<typeof TransactionSchema>;
/** `GET /v1/transactions`: assessments without their chain, with the latest manual decision. */
export const TransactionListSchema = a.zGetV1TransactionsResponse;
export const EntityGraphSchema = a.zGetV1GraphResponse;
export type EntityGraph = z.output<typeof EntityGraphSchema>;
export type GraphNode = EntityGraph["nodes"][number];
export type GraphEdge = EntityGraph["edges"][number];
export const graphFlags = a.zGraphNode.shape.flags.element.options;
export type GraphFlag = (typeof graphFlags)[number];
export const UserProfileSchema = a.zGetV1UsersByUserIdResponse;
export type UserProfile = z.output<typeof UserProfileSchema>;
export type ListedTransaction = z.output<typeof TransactionListSchema>["data"][number];
export type Signal = z.output<typeof a.zSignal>;
export type Explanation = NonNullable<Transaction["explanation"]>;
export type Contribution = Explanation["contributions"][number];
export const ScoreResultSchema = a.zPostV1TransactionsScoreResponse;
export type ScoreResult = z.output<typeof ScoreResultSchema>;

export const ScreeningSchema = a.zWatchlistScreening;
export type Screening = z.output<typeof ScreeningSchema>;
export type ScreeningStatus = Screening["status"];
export type ScreeningMatch = Screening["matches"][number];
export const ScreeningListSchema = a.zGetV1IdentityScreeningsResponse;
/** A screening as the review lists show it, with its twins awaiting review (same subject, same listed entries). */
export type ListedScreening = z.output<typeof a.zListedWatchlistScreening>;
export type ScreeningTwin = ListedScreening["twins"][number];
/** POST /v1/decisions: the record (with the twins it decided), or the approval it waits on (four-eyes). */
export const CreatedDecisionOrApprovalSchema = a.zPostV1DecisionsResponse;
// The document leaves a listed entity open (`listed_entities: object[]`), so its shape is the one
// wire shape written here; the generated check of the screening around it still applies.
/** A listed entity as the current lists hold it; `removed` when the entry left its list since. */
export const ListedEntitySchema = z.union([
  z.object({
    entity_id: z.string(),
    list: z.string(),
    entity_type: z.string(),
    primary_name: z.string(),
    aliases: z.array(z.object({ name: z.string(), strength: z.string() })),
    dates_of_birth: z.array(z.string()),
    nationalities: z.array(z.string()),
    programmes: z.array(z.string()),
    remarks: z.string(),
    details: z.record(z.string(), z.string()),
    changed: z.boolean(),
  }),
  z.object({ entity_id: z.string(), list: z.string(), removed: z.literal(true) }),
]);

export type ListedEntity = z.infer<typeof ListedEntitySchema>;
export const ScreeningDetailSchema = a.zListedWatchlistScreening.and(z.object({ listed_entities: z.array(ListedEntitySchema) }));
export type ScreeningDetail = z.output<typeof ScreeningDetailSchema>;

export const WebhookEndpointSchema = a.zWebhookEndpoint;
export type WebhookEndpoint = z.output<typeof WebhookEndpointSchema>;
export const WebhookEndpointListSchema = a.zGetV1WebhooksResponse;
export const CreatedWebhookEndpointSchema = a.zPostV1WebhooksResponse;
export type CreatedWebhookEndpoint = z.output<typeof CreatedWebhookEndpointSchema>;
export const DeletedWebhookEndpointSchema = a.zDeleteV1WebhooksByIdResponse;
export const WebhookDeliveryListSchema = a.zGetV1WebhooksByIdDeliveriesResponse;
export type WebhookDelivery = z.output<typeof a.zWebhookDelivery>;

// Surface B (`/api/v1`: X-Api-Key and dashboard routes)
export const AnalystSchema = b.zAnalyst;
export type Analyst = z.output<typeof AnalystSchema>;
export type AnalystRole = Analyst["role"];
export const AnalystListSchema = b.zGetApiV1AnalystsResponse;
export const AnalystSessionSchema = b.zAnalystSession;
export type AnalystSession = z.output<typeof AnalystSessionSchema>;

export const ApiKeySchema = b.zApiKey;
export type ApiKey = z.output<typeof ApiKeySchema>;
export const ApiKeyListSchema = b.zGetApiV1ApiKeysResponse;
export const CreatedApiKeySchema = b.zPostApiV1ApiKeysResponse;
export type CreatedApiKey = z.output<typeof CreatedApiKeySchema>;
/** Every scope a key can carry, in the API's order (the create request's enum). */
export const apiKeyScopes = b.zCreateApiKeyRequest.shape.scopes.unwrap().unwrap().element.options;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const OverviewSchema = b.zGetApiV1OverviewResponse;
export type Overview = z.output<typeof OverviewSchema>;
export type ScoresDay = z.output<typeof b.zOverviewScoresDay>;
export type AlertTypeCounts = z.output<typeof b.zOverviewAlertTypeCounts>;
export const WorkloadSchema = b.zGetApiV1OverviewWorkloadResponse;
export type Workload = z.output<typeof WorkloadSchema>;
/** The lead's desk: every enabled analyst's load, idle ones included (GET /api/v1/workload). */
export const DeskWorkloadSchema = b.zGetApiV1WorkloadResponse;
export type DeskWorkload = z.output<typeof DeskWorkloadSchema>;
export type AnalystWorkload = DeskWorkload["data"][number];
export const SlaPolicySchema = b.zGetApiV1PoliciesSlaResponse;
export type SlaPolicy = z.output<typeof SlaPolicySchema>;
export type SlaDueSeconds = SlaPolicy["case_due_seconds"];
export const AssignmentPolicySchema = b.zGetApiV1PoliciesAssignmentResponse;
export type AssignmentPolicy = z.output<typeof AssignmentPolicySchema>;
export type AssignmentRule = AssignmentPolicy["rules"][number];
export const ForecastSchema = b.zGetApiV1ForecastResponse;
export type Forecast = z.output<typeof ForecastSchema>;
export type SeverityForecast = Forecast["data"][number];

export const PolicySchema = b.zGetApiV1PoliciesResponse;
export type Policy = z.output<typeof PolicySchema>;
export type PolicyRule = Policy["rules"][number];
export type RuleConditions = PolicyRule["when"];
export const SignalListSchema = b.zGetApiV1PoliciesSignalsResponse;
export type SignalInfo = z.output<typeof b.zSignalInfo>;
export const DetectionPolicySchema = b.zGetApiV1PoliciesDetectionResponse;
export const QualityReviewListSchema = b.zGetApiV1QualityReviewsResponse;
export type QualityReviewItem = z.output<typeof b.zQualityReviewItem>;
export const QualityReviewSchema = b.zGetApiV1QualityReviewsByIdResponse;
export type QualityReview = z.output<typeof QualityReviewSchema>;
export const QualityReportSchema = b.zGetApiV1QualityReviewsReportResponse;
export type QualityReport = z.output<typeof QualityReportSchema>;
export const QualityReviewPolicySchema = b.zGetApiV1PoliciesQualityReviewResponse;
export type QualityReviewPolicy = z.output<typeof QualityReviewPolicySchema>;
export type DetectionPolicy = z.output<typeof DetectionPolicySchema>;

export const BacktestSchema = b.zBacktest;
export type Backtest = z.output<typeof BacktestSchema>;
export type BacktestResult = NonNullable<Backtest["result"]>;
export type BacktestDecision = keyof BacktestResult["matrix"];
export const TransactionAnalysisSchema = b.zTransactionAnalysis;
export type TransactionAnalysis = z.output<typeof TransactionAnalysisSchema>;
// Four-eyes: a held action answers 202 with the pending approval instead of the object.
export const ApprovalSchema = b.zApproval;
export type Approval = z.output<typeof ApprovalSchema>;
export type ApprovalStatus = Approval["status"];
export type ApprovalAction = Approval["action"];
export const ApprovalListSchema = b.zGetApiV1ApprovalsResponse;
export const ApprovalPolicySchema = b.zApprovalPolicy;
export type ApprovalPolicy = z.output<typeof ApprovalPolicySchema>;
/** A held write's answer, as Surface A's case and decision routes document it. */
export const HeldApprovalSchema = a.zApproval;

// The document describes Surface B's verification as Surface A's identity verification "and"
// `object: "verification"`; as an intersection both `object` literals would have to hold at once
// and every answer would fail, so the two generated halves are merged with the second one winning.
export const VerificationSchema = b.zIdentityVerification.extend({ object: b.zVerification.def.right.shape.object.unwrap() });
export type Verification = z.output<typeof VerificationSchema>;
export type VerificationCheck = Verification["checks"][number];
export type VerificationStatus = Verification["status"];
export type VerificationType = Verification["type"];
export const VerificationListSchema = b.zGetApiV1VerificationsResponse.extend({ data: z.array(VerificationSchema) });
export const VerificationDetailSchema = VerificationSchema.extend(b.zGetApiV1VerificationsByIdResponse.def.right.shape);
export type VerificationDetail = z.output<typeof VerificationDetailSchema>;

// The enumerations the console offers as filters and choices, in the API's order.
export const alertSeverities = a.zAlert.shape.severity.options;
export const alertStatuses = a.zAlert.shape.status.options;
export const caseTypes = a.zCase.shape.case_type.options;
export const caseStatuses = a.zCase.shape.status.options;
export const decisionValues = a.zDecision.shape.decision.options;
export const eventTypes = a.zEvent.shape.event_type.options;
export type EventType = (typeof eventTypes)[number];
export const analystRoles = b.zAnalyst.shape.role.options;
export const screeningStatuses = a.zWatchlistScreening.shape.status.options;
export const verificationStatuses = b.zIdentityVerification.shape.status.options;
export const verificationTypes = b.zIdentityVerification.shape.type.options;
export const approvalStatuses = b.zApproval.shape.status.options;
export const alertTypes = a.zGetV1AlertsQuery.shape.alert_type.unwrap().options;
export const decisionReasons = a.zCreateDecisionRequest.shape.reason.options;
export type DecisionReason = (typeof decisionReasons)[number];
/** `*` subscribes an endpoint to every event type, present and future. */
export const ALL_EVENTS = "*";
type Subscribable = (typeof a.zCreateWebhookRequest.shape.events.element.options)[number];
export type WebhookEventType = Exclude<Subscribable, typeof ALL_EVENTS>;
/** The event types an endpoint can subscribe to one by one. */
export const webhookEventTypes = a.zCreateWebhookRequest.shape.events.element.options.filter(
  (type): type is WebhookEventType => type !== ALL_EVENTS,
);
export const paymentMethodTypes = a.zScoreTransactionRequest.shape.payment_method.shape.type.options;
export const walletTypes = a.zScoreTransactionRequest.shape.payment_method.shape.wallet_type.unwrap().options;
export const policyActions = b.zPolicy.shape.rules.element.shape.action.options;
export type PolicyAction = (typeof policyActions)[number];
export const checkStatuses = b.zIdentityVerification.shape.checks.element.shape.status.options;
export const reviewStates = a.zGetV1IdentityScreeningsQuery.shape.review_state.unwrap().options;
export type ReviewState = (typeof reviewStates)[number];
export type TransactionEvent = ArgusEvent;
export type CheckStatus = (typeof checkStatuses)[number];
