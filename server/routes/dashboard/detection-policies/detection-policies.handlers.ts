import { createRouter } from "../../../http/router";
import { expectedVersion, setEtag } from "../../../http/if-match";
import { replaceThresholds, serializeDetectionPolicy, settingsRow } from "../../../domain/detection/settings";
import { consoleScope } from "../../../http/key-scope";
import { getDetectionPolicyRoute, putDetectionPolicyRoute } from "./detection-policies.routes";

// Dashboard routes act on the analyst's account in the listener's environment.
export const detectionPoliciesRouter = createRouter()
  .openapi(getDetectionPolicyRoute, async (c) => {
    const scope = consoleScope(c);
    const policy = serializeDetectionPolicy(scope, await settingsRow(c.get("db"), scope));
    setEtag(c, policy.version);
    return c.json(policy, 200);
  })
  .openapi(putDetectionPolicyRoute, async (c) => {
    const policy = await replaceThresholds(
      c.get("db"),
      consoleScope(c),
      c.req.valid("json"),
      c.get("analyst")!.analystId,
      expectedVersion(c),
    );
    setEtag(c, policy.version);
    return c.json(policy, 200);
  });
