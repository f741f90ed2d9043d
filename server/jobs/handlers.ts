import type { AppDeps } from "../http/context";
import type { JobHandler } from "./runner";
import { maintenanceJobs } from "./maintenance";
import { identityJobs } from "../domain/identity/jobs";
import { webhookJobs } from "../domain/webhooks/jobs";
import { riskJobs } from "../domain/scoring/jobs";
import { detectionJobs } from "../domain/detection/jobs";

/** Every job type this build knows, by name. Areas register their handlers here. */
export function jobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return {
    ...maintenanceJobs,
    ...identityJobs(deps),
    ...webhookJobs(deps),
    ...riskJobs,
    ...detectionJobs,
  };
}
