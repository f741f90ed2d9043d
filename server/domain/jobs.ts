import type { JobHandler } from "../jobs/runner";
import { analystJobs } from "./analysts";
import { detectionJobs } from "./detection";
import { identityJobs } from "./identity";
import { riskJobs } from "./scoring";
import { webhookJobs } from "./webhooks";
import type { DomainDeps } from "./deps";

/** The job handlers of every domain area, by job type (each area keeps its own beside its code). */
export function domainJobs(deps: DomainDeps): Record<string, JobHandler> {
  return {
    ...analystJobs,
    ...identityJobs(deps),
    ...webhookJobs(deps),
    ...riskJobs,
    ...detectionJobs,
  };
}
