import { describe, expect, it, vi } from "vitest";
import * as a from "./generated/surface-a/zod.gen";
import * as b from "./generated/surface-b/zod.gen";
import * as wire from "./wire";

vi.mock("server-only", () => ({}));

// wire.ts spells out the enumerations so client bundles carry no validator; the compiler checks
// that each holds every value, this checks each against the generated validator, order included.
describe("wire enumerations", () => {
  const generated: Record<string, readonly string[]> = {
    resolutions: a.zCase.shape.resolution.unwrap().options,
    graphFlags: a.zGraphNode.shape.flags.element.options,
    apiKeyScopes: b.zCreateApiKeyRequest.shape.scopes.unwrap().unwrap().element.options,
    alertSeverities: a.zAlert.shape.severity.options,
    alertStatuses: a.zAlert.shape.status.options,
    caseTypes: a.zCase.shape.case_type.options,
    caseStatuses: a.zCase.shape.status.options,
    decisionValues: a.zDecision.shape.decision.options,
    eventTypes: a.zEvent.shape.event_type.options,
    analystRoles: b.zAnalyst.shape.role.options,
    screeningStatuses: a.zWatchlistScreening.shape.status.options,
    verificationStatuses: b.zIdentityVerification.shape.status.options,
    verificationTypes: b.zIdentityVerification.shape.type.options,
    approvalStatuses: b.zApproval.shape.status.options,
    savedViewQueues: b.zSavedView.shape.queue.options,
    alertTypes: a.zGetV1AlertsQuery.shape.alert_type.unwrap().options,
    decisionReasons: a.zCreateDecisionRequest.shape.reason.options,
    webhookEventTypes: a.zCreateWebhookRequest.shape.events.element.options.filter((t) => t !== wire.ALL_EVENTS),
    paymentMethodTypes: a.zScoreTransactionRequest.shape.payment_method.shape.type.options,
    walletTypes: a.zScoreTransactionRequest.shape.payment_method.shape.wallet_type.unwrap().options,
    policyActions: b.zPolicy.shape.rules.element.shape.action.options,
    checkStatuses: b.zIdentityVerification.shape.checks.element.shape.status.options,
    reviewStates: a.zGetV1IdentityScreeningsQuery.shape.review_state.unwrap().options,
  };

  it.each(Object.keys(generated))("%s is the generated enumeration, in order", (name) => {
    expect((wire as unknown as Record<string, readonly string[]>)[name]).toEqual(generated[name]);
  });

  it("covers every array wire.ts exports", () => {
    const arrays = Object.entries(wire)
      .filter(([, v]) => Array.isArray(v))
      .map(([k]) => k);
    expect(arrays.sort()).toEqual(Object.keys(generated).sort());
  });
});
