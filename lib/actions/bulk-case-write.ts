import "server-only";

import { updateCase } from "../api/cases";
import type { DashboardActor } from "../api/client";
import { ApiError, toSafeError } from "../api/errors";
import type { UpdateCaseInput } from "../schemas/case";
import type { ConsoleEnvironment } from "../schemas/environment";
import { isVersionConflictCode, type SafeError } from "../schemas/safe-error";
import { BULK_CONCURRENCY, mapBounded, summariseBulk, type BulkCaseResult, type CaseRef } from "./bulk-case-results";
import { describeCaseNow } from "./case-conflict";
import { conflictError } from "./version-conflict";

/**
 * One PATCH per selected case, a few at a time, each on the version the queue showed. A case that
 * changed meanwhile (someone took it) is reported with what changed, and stays selected to redo.
 */
export async function bulkUpdateCases(
  environment: ConsoleEnvironment,
  actor: Exclude<DashboardActor, "console">,
  cases: CaseRef[],
  change: Omit<UpdateCaseInput, "id" | "version">,
): Promise<BulkCaseResult> {
  const settled = await mapBounded(cases, BULK_CONCURRENCY, async (ref): Promise<SafeError | null> => {
    try {
      await updateCase(environment, actor.id, { id: ref.id, version: ref.version, ...change });
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && isVersionConflictCode(error.code)) {
        return conflictError(error, () => describeCaseNow(environment, actor, ref.id, ref.seen_seq));
      }
      return toSafeError(error);
    }
  });
  return summariseBulk(
    cases.map((c) => c.id),
    settled,
  );
}
