import "server-only";

import { type QualityReport, type QualityReview, type QualityReviewPolicy } from "./wire";
import { QualityReportSchema, QualityReviewListSchema, QualityReviewPolicySchema, QualityReviewSchema } from "./wire-schemas";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { QualityReviewInput } from "../schemas/quality-review";
import { dashboard, type DashboardActor } from "./client";

// The blind second review (server/domain/quality/README.md): dashboard routes called for the
// signed-in analyst, whose identity decides their queue and who may submit.

export async function listQualityReviews(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  status: "pending" | "completed",
  after?: string,
) {
  const query = new URLSearchParams({ status, limit: "50", ...(after ? { after } : {}) });
  return dashboard(environment, actor, `/api/v1/quality-reviews?${query}`, { schema: QualityReviewListSchema });
}

export async function getQualityReview(environment: ConsoleEnvironment, actor: DashboardActor, id: string): Promise<QualityReview> {
  return dashboard(environment, actor, `/api/v1/quality-reviews/${encodeURIComponent(id)}`, { schema: QualityReviewSchema });
}

export async function submitQualityReview(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  id: string,
  input: QualityReviewInput,
): Promise<QualityReview> {
  return dashboard(environment, actor, `/api/v1/quality-reviews/${encodeURIComponent(id)}/submit`, {
    method: "POST",
    body: input,
    schema: QualityReviewSchema,
  });
}

export async function getQualityReport(environment: ConsoleEnvironment, actor: DashboardActor, weeks = 12): Promise<QualityReport> {
  const start = new Date(Date.now() - weeks * 7 * 86_400_000).toISOString();
  return dashboard(environment, actor, `/api/v1/quality-reviews/report?start_time=${encodeURIComponent(start)}`, {
    schema: QualityReportSchema,
  });
}

export async function getQualityPolicy(environment: ConsoleEnvironment, actor: DashboardActor): Promise<QualityReviewPolicy> {
  return dashboard(environment, actor, "/api/v1/policies/quality-review", { schema: QualityReviewPolicySchema });
}

/** PUT on the version the form started from (If-Match; 0 = the default, never changed). */
export async function putQualityPolicy(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  sampleRate: number,
  version: number,
): Promise<QualityReviewPolicy> {
  return dashboard(environment, actor, "/api/v1/policies/quality-review", {
    method: "PUT",
    body: { sample_rate: sampleRate },
    ifMatch: version,
    schema: QualityReviewPolicySchema,
  });
}
