import { createRouter } from "../../../http/router";
import { expectedVersion, setEtag } from "../../../http/if-match";
import { consoleScope } from "../../../http/key-scope";
import { qualityPolicyRow, replaceQualityPolicy, serializeQualityPolicy } from "../../../domain/quality/policy";
import { getQualityReviewPolicyRoute, putQualityReviewPolicyRoute } from "./quality-review-policy.routes";

export const qualityReviewPolicyRouter = createRouter()
  .openapi(getQualityReviewPolicyRoute, async (c) => {
    const scope = consoleScope(c);
    const policy = serializeQualityPolicy(scope, await qualityPolicyRow(c.get("db"), scope));
    setEtag(c, policy.version);
    return c.json(policy, 200);
  })
  .openapi(putQualityReviewPolicyRoute, async (c) => {
    const policy = await replaceQualityPolicy(c.get("db"), consoleScope(c), c.req.valid("json"), {
      analystId: c.get("analyst")!.analystId,
      expectedVersion: expectedVersion(c),
    });
    setEtag(c, policy.version);
    return c.json(policy, 200);
  });
