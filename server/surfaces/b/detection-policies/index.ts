import { createRouter } from "../../../http/router";
import { replaceThresholds, serializeDetectionPolicy, settingsRow } from "../../../domain/detection/settings";
import { getDetectionPolicyRoute, putDetectionPolicyRoute } from "./routes";

// Dashboard routes act on the analyst's account in the listener's environment.
export const detectionPoliciesRouter = createRouter()
  .openapi(getDetectionPolicyRoute, async (c) => {
    const scope = { accountId: c.get("analyst")!.accountId, environment: c.get("environment") };
    return c.json(serializeDetectionPolicy(scope, await settingsRow(c.get("db"), scope)), 200);
  })
  .openapi(putDetectionPolicyRoute, async (c) => {
    const scope = { accountId: c.get("analyst")!.accountId, environment: c.get("environment") };
    return c.json(await replaceThresholds(c.get("db"), scope, c.req.valid("json"), c.get("analyst")!.analystId), 200);
  });
