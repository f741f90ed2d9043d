import { createRouter } from "../../../http/router";
import { expectedVersion, setEtag } from "../../../http/if-match";
import { consoleScope } from "../../../http/key-scope";
import { approvalPolicy, putApprovalPolicy, serializeApprovalPolicy } from "../../../domain/approvals/policy";
import { getApprovalPolicyRoute, putApprovalPolicyRoute } from "./approval-policy.routes";

export const approvalPolicyRouter = createRouter()
  .openapi(getApprovalPolicyRoute, async (c) => {
    const policy = serializeApprovalPolicy(await approvalPolicy(c.get("db"), consoleScope(c)));
    setEtag(c, policy.version);
    return c.json(policy, 200);
  })
  .openapi(putApprovalPolicyRoute, async (c) => {
    const body = c.req.valid("json");
    const policy = await putApprovalPolicy(
      c.get("db"),
      consoleScope(c),
      {
        caseFalsePositiveMinExposure: body.case_false_positive_min_exposure,
        screeningReview: body.screening_review,
        scorePolicyPublish: body.score_policy_publish,
      },
      { analystId: c.get("analyst")!.analystId, expectedVersion: expectedVersion(c) },
    );
    setEtag(c, policy.version);
    return c.json(policy, 200);
  });
