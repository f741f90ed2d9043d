import type { JobHandler } from "../jobs/runner";
import { analystJobs } from "./analysts/jobs";
import { backtestJobs } from "./backtest/jobs";
import { caseJobs } from "./cases/jobs";
import { detectionJobs } from "./detection/jobs";
import { identityJobs } from "./identity/jobs";
import { riskJobs } from "./scoring/jobs";
import { slaJobs } from "./sla/jobs";
import { webhookJobs } from "./webhooks/jobs";
import type { DomainDeps } from "./deps";

/**
 * The job handlers of every domain area, by job type (each area keeps its own beside its code, in
 * `<area>/jobs.ts`; this registry is the one place that imports them, not the areas' entry files).
 */
export function domainJobs(deps: DomainDeps): Record<string, JobHandler> {
  return {
    ...analystJobs,
    ...identityJobs(deps),
    ...webhookJobs(deps),
    ...riskJobs,
    ...detectionJobs,
    ...backtestJobs,
    ...slaJobs,
    ...caseJobs,
  };
}
