import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import { listSchema, type ListPage, type PageParams } from "../schemas/list";
import { VerificationDetailSchema, VerificationSchema, type Verification, type VerificationDetail, type VerificationStatus, type VerificationType } from "../schemas/verification";
import { apiB } from "./client";

// Identity verifications through Surface B (`/api/v1/verifications`, X-Api-Key): the identity
// review queue the specification places in the dashboard.

const VerificationListSchema = listSchema(VerificationSchema);

export type VerificationFilters = { status?: VerificationStatus; type?: VerificationType; user_id?: string };

export async function listVerifications(environment: ConsoleEnvironment, filters: VerificationFilters, page: PageParams = {}): Promise<ListPage<Verification>> {
  return apiB(environment, "/api/v1/verifications", { query: { ...filters, limit: page.limit, after: page.after }, schema: VerificationListSchema });
}

export async function getVerification(environment: ConsoleEnvironment, id: string, options: { timeoutMs?: number } = {}): Promise<VerificationDetail> {
  return apiB(environment, `/api/v1/verifications/${encodeURIComponent(id)}`, { schema: VerificationDetailSchema, timeoutMs: options.timeoutMs });
}
