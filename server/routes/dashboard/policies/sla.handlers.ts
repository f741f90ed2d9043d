import { createRouter } from "../../../http/router";
import { expectedVersion, setEtag } from "../../../http/if-match";
import { consoleScope } from "../../../http/key-scope";
import { replaceSlaPolicy, serializeSlaPolicy, slaPolicyRow } from "../../../domain/sla";
import { getSlaPolicyRoute, putSlaPolicyRoute } from "./sla.routes";

export const slaPolicyRouter = createRouter()
  .openapi(getSlaPolicyRoute, async (c) => {
    const scope = consoleScope(c);
    const policy = serializeSlaPolicy(scope, await slaPolicyRow(c.get("db"), scope));
    setEtag(c, policy.version);
    return c.json(policy, 200);
  })
  .openapi(putSlaPolicyRoute, async (c) => {
    const policy = await replaceSlaPolicy(c.get("db"), consoleScope(c), c.req.valid("json"), {
      analystId: c.get("analyst")!.analystId,
      expectedVersion: expectedVersion(c),
    });
    setEtag(c, policy.version);
    return c.json(policy, 200);
  });
