import "server-only";

import { z } from "zod";
import * as a from "./generated/surface-a/zod.gen";
import * as b from "./generated/surface-b/zod.gen";

// The response validators of the server-only API client (lib/api/*.ts), generated from the served
// OpenAPI documents (lib/api/generated, `npm run openapi:generate`), under the console's names.
// Kept apart from wire.ts so no client bundle carries the generated validators (server-only makes
// a client import fail the build). The few lines below that adjust a generated validator say why.

// Surface A (`/v1`)
export const AlertSchema = a.zAlert;
export const AlertListSchema = a.zGetV1AlertsResponse;
export const AlertDetailSchema = a.zGetV1AlertsByIdResponse;
export const CaseSchema = a.zCase;
export const CaseEventSchema = a.zCaseEvent;
export const CaseListSchema = a.zGetV1CasesResponse;
export const AlertEventSchema = a.zAlertEvent;
export const DecisionRecordSchema = a.zDecision;
export const DecisionListSchema = a.zGetV1DecisionsResponse;
export const EventSchema = a.zEvent;
export const EventListSchema = a.zGetV1EventsResponse;
export const TransactionSchema = a.zGetV1TransactionsByIdResponse;
export const TransactionListSchema = a.zGetV1TransactionsResponse;
export const EntityGraphSchema = a.zGetV1GraphResponse;
export const UserProfileSchema = a.zGetV1UsersByUserIdResponse;
export const SignalSchema = a.zSignal;
export const ScoreResultSchema = a.zPostV1TransactionsScoreResponse;
export const ScreeningSchema = a.zWatchlistScreening;
export const ScreeningListSchema = a.zGetV1IdentityScreeningsResponse;
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
export const ScreeningDetailSchema = a.zListedWatchlistScreening.and(z.object({ listed_entities: z.array(ListedEntitySchema) }));
export const WebhookEndpointSchema = a.zWebhookEndpoint;
export const WebhookEndpointListSchema = a.zGetV1WebhooksResponse;
export const CreatedWebhookEndpointSchema = a.zPostV1WebhooksResponse;
export const DeletedWebhookEndpointSchema = a.zDeleteV1WebhooksByIdResponse;
export const WebhookDeliveryListSchema = a.zGetV1WebhooksByIdDeliveriesResponse;
export const WebhookDeliverySchema = a.zWebhookDelivery;

export const AlertClusterListSchema = a.zGetV1AlertClustersResponse;
export const AlertClusterSchema = a.zAlertCluster;
export const CaseExportSchema = a.zCaseExport;
export const CaseExportChainsSchema = a.zCaseExportChains;
export const ListedScreeningSchema = a.zListedWatchlistScreening;
/** POST /v1/decisions: the record (with the twins it decided), or the approval it waits on (four-eyes). */
export const CreatedDecisionOrApprovalSchema = a.zPostV1DecisionsResponse;
/** A held write's answer, as Surface A's case and decision routes document it. */
export const HeldApprovalSchema = a.zApproval;

// Surface B (`/api/v1`: X-Api-Key and dashboard routes)
export const AnalystSchema = b.zAnalyst;
export const AnalystListSchema = b.zGetApiV1AnalystsResponse;
export const AnalystSessionSchema = b.zAnalystSession;
export const ApiKeySchema = b.zApiKey;
export const ApiKeyListSchema = b.zGetApiV1ApiKeysResponse;
export const CreatedApiKeySchema = b.zPostApiV1ApiKeysResponse;
export const OverviewSchema = b.zGetApiV1OverviewResponse;
export const ScoresDaySchema = b.zOverviewScoresDay;
export const AlertTypeCountsSchema = b.zOverviewAlertTypeCounts;
export const PolicySchema = b.zGetApiV1PoliciesResponse;
export const SignalListSchema = b.zGetApiV1PoliciesSignalsResponse;
export const SignalInfoSchema = b.zSignalInfo;
export const DetectionPolicySchema = b.zGetApiV1PoliciesDetectionResponse;
// The document describes Surface B's verification as Surface A's identity verification "and"
// `object: "verification"`; as an intersection both `object` literals would have to hold at once
// and every answer would fail, so the two generated halves are merged with the second one winning.
export const VerificationSchema = b.zIdentityVerification.extend({ object: b.zVerification.def.right.shape.object.unwrap() });
export const VerificationListSchema = b.zGetApiV1VerificationsResponse.extend({ data: z.array(VerificationSchema) });
export const VerificationDetailSchema = VerificationSchema.extend(b.zGetApiV1VerificationsByIdResponse.def.right.shape);

/** The lead's desk: every enabled analyst's load, idle ones included (GET /api/v1/workload). */
export const DeskWorkloadSchema = b.zGetApiV1WorkloadResponse;
export const SlaPolicySchema = b.zGetApiV1PoliciesSlaResponse;
export const AssignmentPolicySchema = b.zGetApiV1PoliciesAssignmentResponse;
export const ForecastSchema = b.zGetApiV1ForecastResponse;
// Saved views of the alert and case queues (server/domain/desk/README.md, "Saved views").
export const SavedViewSchema = b.zSavedView;
export const SavedViewListSchema = b.zGetApiV1ViewsResponse;
export const SavedViewDefaultSchema = b.zPutApiV1ViewsDefaultResponse;
export const DeletedSavedViewSchema = b.zDeleteApiV1ViewsByIdResponse;
export const QualityReviewListSchema = b.zGetApiV1QualityReviewsResponse;
export const QualityReviewItemSchema = b.zQualityReviewItem;
export const QualityReviewSchema = b.zGetApiV1QualityReviewsByIdResponse;
export const QualityReportSchema = b.zGetApiV1QualityReviewsReportResponse;
export const QualityReviewPolicySchema = b.zGetApiV1PoliciesQualityReviewResponse;
export const BacktestSchema = b.zBacktest;
export const TransactionAnalysisSchema = b.zTransactionAnalysis;
// Four-eyes: a held action answers 202 with the pending approval instead of the object.
export const ApprovalSchema = b.zApproval;
export const ApprovalListSchema = b.zGetApiV1ApprovalsResponse;
export const ApprovalPolicySchema = b.zApprovalPolicy;
