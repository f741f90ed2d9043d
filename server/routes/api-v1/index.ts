import { createRouter } from "../../http/router";
import { analyzeRouter } from "./analyze/analyze.handlers";
import { verificationsRouter } from "./verifications/verifications.handlers";

/** Surface B with API keys (`X-Api-Key`): transaction analysis and verifications. */
export const apiV1Routes = createRouter().route("/", analyzeRouter).route("/", verificationsRouter);
