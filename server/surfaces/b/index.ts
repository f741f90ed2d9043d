import { createRouter } from "../../http/router";
import { serveDocument } from "../../http/openapi";
import { apiKeysRouter } from "./api-keys";
import { analystsRouter } from "./analysts";
import { verificationsRouter } from "./verifications";
import { analyzeRouter } from "./analyze";
import { policiesRouter } from "./policies";
import { blocklistRouter } from "./blocklist";
import { detectionPoliciesRouter } from "./detection-policies";
import { overviewRouter } from "./overview";

/**
 * Surface B (`/api/v1`): transaction analysis and verifications with `X-Api-Key`, plus the
 * dashboard routes the console calls with its short-lived JWT.
 */
export function surfaceB() {
  const router = createRouter();
  router.route("/", apiKeysRouter);
  router.route("/", analystsRouter);
  router.route("/", verificationsRouter);
  router.route("/", analyzeRouter);
  router.route("/", policiesRouter);
  router.route("/", blocklistRouter);
  router.route("/", detectionPoliciesRouter);
  router.route("/", overviewRouter);
  serveDocument(router, {
    path: "/api/v1/openapi.json",
    title: "Argus API — Surface B",
    description:
      "Transaction analysis (live and labelled mode) and verifications with `X-Api-Key`; dashboard routes (API keys, analysts, policies) with the console's JWT. API keys are refused on dashboard routes.",
    security: "apiKey",
  });
  return router;
}
