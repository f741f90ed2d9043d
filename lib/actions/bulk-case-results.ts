import { z } from "zod";
import { caseStatuses, resolutions } from "../api/wire";
import { RESOLUTION_REQUIRED, resolutionFitsStatus } from "../schemas/case";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import type { SafeError } from "../schemas/safe-error";

// Shared by the two bulk case actions (bulk-assign-cases.ts, bulk-update-case-status.ts) and the
// lead's queue view: input schemas, the bounded fan-out, and the per-case outcome. Not a "use
// server" file: it holds plain functions and schemas.

/** How many cases one bulk action may touch: a page of the queue, with room to spare. */
export const BULK_MAX = 100;
/** PATCHes in flight at once: fast for a page of cases, gentle on the API's rate limit. */
export const BULK_CONCURRENCY = 4;

/** A selected case as the queue showed it: each change applies to that version (If-Match). */
const CaseRefSchema = z.object({ id: z.string().min(1).max(200), version: z.number().int().min(1), seen_seq: z.number().int().min(0) });
export type CaseRef = z.infer<typeof CaseRefSchema>;

const caseRefs = z
  .array(CaseRefSchema)
  .min(1, "Select at least one case.")
  .max(BULK_MAX, `Select at most ${BULK_MAX} cases.`)
  .transform((refs) => [...new Map(refs.map((r) => [r.id, r])).values()]);

export const BulkAssignInputSchema = z.object({
  environment: ConsoleEnvironmentSchema,
  cases: caseRefs,
  // null unassigns.
  assignee_id: z.string().min(1).max(200).nullable(),
});
export type BulkAssignInput = z.input<typeof BulkAssignInputSchema>;

// Resolving needs an outcome here too (a bulk move to `resolved` recorded none before).
export const BulkStatusInputSchema = z
  .object({
    environment: ConsoleEnvironmentSchema,
    cases: caseRefs,
    status: z.enum(caseStatuses),
    resolution: z.enum(resolutions).optional(),
  })
  .refine(resolutionFitsStatus, { message: RESOLUTION_REQUIRED, path: ["resolution"] });
export type BulkStatusInput = z.input<typeof BulkStatusInputSchema>;

export type BulkCaseOutcome = { case_id: string; ok: true } | { case_id: string; ok: false; error: SafeError };
export type BulkCaseResult = { succeeded: number; failed: number; outcomes: BulkCaseOutcome[] };

/**
 * Runs `task` over `items` with at most `limit` in flight, keeping the input order in the result.
 * A failing task does not stop the others: each outcome is reported.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: "fulfilled", value: await task(items[index]!) };
      } catch (reason) {
        results[index] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** Per-case outcomes from the settled PATCHes (each already made safe for the browser, or a success). */
export function summariseBulk(ids: readonly string[], settled: PromiseSettledResult<SafeError | null>[]): BulkCaseResult {
  const outcomes: BulkCaseOutcome[] = ids.map((case_id, i) => {
    const r = settled[i];
    const error = r?.status === "fulfilled" ? r.value : { message: "The case could not be changed.", code: "console_error" };
    return error === null ? { case_id, ok: true } : { case_id, ok: false, error };
  });
  const failed = outcomes.filter((o) => !o.ok).length;
  return { succeeded: outcomes.length - failed, failed, outcomes };
}
