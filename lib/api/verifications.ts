import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import type { PageParams } from "../schemas/list";
import { type ListPage, type Verification, type VerificationDetail, type VerificationStatus, type VerificationType } from "./wire";
import { VerificationDetailSchema, VerificationListSchema } from "./wire-schemas";
import { apiB } from "./client";

// Identity verifications through Surface B (`/api/v1/verifications`, X-Api-Key): the identity
// review queue of the console (docs/console.md).

export type VerificationFilters = { status?: VerificationStatus; type?: VerificationType; user_id?: string };

export async function listVerifications(
  environment: ConsoleEnvironment,
  filters: VerificationFilters,
  page: PageParams = {},
): Promise<ListPage<Verification>> {
  return apiB(environment, "/api/v1/verifications", {
    query: { ...filters, limit: page.limit, after: page.after },
    schema: VerificationListSchema,
  });
}

export async function getVerification(
  environment: ConsoleEnvironment,
  id: string,
  options: { timeoutMs?: number } = {},
): Promise<VerificationDetail> {
  return apiB(environment, `/api/v1/verifications/${encodeURIComponent(id)}`, {
    schema: VerificationDetailSchema,
    timeoutMs: options.timeoutMs,
  });
}
