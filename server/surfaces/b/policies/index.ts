import type { Context } from "hono";
import { createRouter } from "../../../http/router";
import type { AppEnv } from "../../../http/context";
import type { Scope } from "../../../db/scope";
import { policyRow } from "../../../domain/scoring/policies";
import { serializePolicy, updatePolicy } from "../../../domain/scoring/policy-admin";
import { signalCatalogue, signalNames } from "../../../domain/scoring/signals";
import { getPolicyRoute, patchPolicyRoute, putPolicyRoute, signalCatalogueRoute } from "./routes";

/** Dashboard routes act on the analyst's account in the listener's environment. */
export function consoleScope(c: Context<AppEnv>): Scope {
  return { accountId: c.get("analyst")!.accountId, environment: c.get("environment") };
}

export const policiesRouter = createRouter()
  .openapi(getPolicyRoute, async (c) => {
    const scope = consoleScope(c);
    return c.json(serializePolicy(scope, await policyRow(c.get("db"), scope)), 200);
  })
  .openapi(putPolicyRoute, async (c) => {
    const body = c.req.valid("json");
    return c.json(await updatePolicy(c.get("db"), consoleScope(c), body, { replace: true, analystId: c.get("analyst")!.analystId }), 200);
  })
  .openapi(patchPolicyRoute, async (c) => {
    const body = c.req.valid("json");
    return c.json(await updatePolicy(c.get("db"), consoleScope(c), body, { replace: false, analystId: c.get("analyst")!.analystId }), 200);
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
