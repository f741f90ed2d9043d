import type { AppDeps } from "./http/context";
import type { JobHandler } from "./jobs/runner";
import { maintenanceJobs } from "./jobs/maintenance";
import { idempotencyJobs } from "./http/idempotency/purge-job";
import { domainJobs } from "./domain/jobs";

/** Every job type this build knows, by name: the runner's own, the idempotency store's, the domain's. */
export function jobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return { ...maintenanceJobs, ...idempotencyJobs, ...domainJobs(deps) };
}
