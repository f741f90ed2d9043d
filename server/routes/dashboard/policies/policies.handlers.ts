import type { Context } from "hono";
import { createRouter } from "../../../http/router";
import type { AppEnv } from "../../../http/context";
import { expectedVersion, setEtag } from "../../../http/if-match";
import { consoleScope } from "../../../http/key-scope";
import { policyRow } from "../../../domain/scoring/policies";
import { serializePolicy, updatePolicy } from "../../../domain/scoring/policy-admin";
import { holdPolicyPublish } from "../../../domain/scoring/four-eyes";
import { signalCatalogue, signalNames } from "../../../domain/scoring/signals";
import { getPolicyRoute, patchPolicyRoute, putPolicyRoute, signalCatalogueRoute } from "./policies.routes";

/** Who writes, and the version they expect (If-Match). */
const writer = (c: Context<AppEnv>) => ({ analystId: c.get("analyst")!.analystId, expectedVersion: expectedVersion(c) });

export const policiesRouter = createRouter()
  .openapi(getPolicyRoute, async (c) => {
    const scope = consoleScope(c);
    const policy = serializePolicy(scope, await policyRow(c.get("db"), scope));
    setEtag(c, policy.version);
    return c.json(policy, 200);
  })
  .openapi(putPolicyRoute, async (c) => {
    const body = c.req.valid("json");
    const held = await holdPolicyPublish(c.get("db"), consoleScope(c), body, { replace: true, ...writer(c) });
    if (held) return c.json(held, 202);
    const policy = await updatePolicy(c.get("db"), consoleScope(c), body, { replace: true, ...writer(c) });
    setEtag(c, policy.version);
    return c.json(policy, 200);
  })
  .openapi(patchPolicyRoute, async (c) => {
    const body = c.req.valid("json");
    const held = await holdPolicyPublish(c.get("db"), consoleScope(c), body, { replace: false, ...writer(c) });
    if (held) return c.json(held, 202);
    const policy = await updatePolicy(c.get("db"), consoleScope(c), body, { replace: false, ...writer(c) });
    setEtag(c, policy.version);
    return c.json(policy, 200);
  })
  .openapi(signalCatalogueRoute, (c) =>
    c.json(
      {
        object: "list" as const,
        data: signalNames.map((name) => ({ name, ...signalCatalogue[name] })),
        has_more: false,
        next_cursor: null,
      },
      200,
    ),
  );
