import { createRouter } from "../../../http/router";
import { expectedVersion, setEtag } from "../../../http/if-match";
import { consoleScope } from "../../../http/key-scope";
import { assignmentPolicyRow, replaceAssignmentPolicy, serializeAssignmentPolicy } from "../../../domain/desk";
import { getAssignmentPolicyRoute, putAssignmentPolicyRoute } from "./assignment.routes";

export const assignmentPolicyRouter = createRouter()
  .openapi(getAssignmentPolicyRoute, async (c) => {
    const scope = consoleScope(c);
    const policy = serializeAssignmentPolicy(scope, await assignmentPolicyRow(c.get("db"), scope));
    setEtag(c, policy.version);
    return c.json(policy, 200);
  })
  .openapi(putAssignmentPolicyRoute, async (c) => {
    const policy = await replaceAssignmentPolicy(c.get("db"), consoleScope(c), c.req.valid("json"), {
      analystId: c.get("analyst")!.analystId,
      expectedVersion: expectedVersion(c),
    });
    setEtag(c, policy.version);
    return c.json(policy, 200);
  });
