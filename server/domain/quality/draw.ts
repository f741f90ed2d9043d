import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { qualityReviews, type Resolution } from "../../db/schema";
import { scopeValues, type Scope } from "../../db/scope";
import { newId } from "../../core/ids";
import { qualityPolicyRow, DEFAULT_SAMPLE_RATE } from "./policy";

/**
 * Where a case falls in [0, 1): the first 32 bits of SHA-256 of its id. The same case always gets
 * the same draw, so a retry, a second process or a re-resolution cannot draw it differently.
 */
export function caseDraw(caseId: string): number {
  return createHash("sha256").update(caseId).digest().readUInt32BE(0) / 0x1_0000_0000;
}

export function isSampled(caseId: string, rate: number): boolean {
  return caseDraw(caseId) < rate;
}

/**
 * Called by the case write that resolves a case with a resolution, inside its transaction (the case
 * row is locked). Draws it against the policy's rate; a sampled case gets its one review row (the
 * unique index on case_id keeps it one under any race). Returns whether a review now exists for it.
 */
export async function drawQualityReview(
  db: Db,
  scope: Scope,
  input: { caseId: string; analystId: string; resolution: Resolution; resolvedSeq: number },
): Promise<boolean> {
  const rate = (await qualityPolicyRow(db, scope))?.sampleRate ?? DEFAULT_SAMPLE_RATE;
  if (!isSampled(input.caseId, rate)) return false;
  await db
    .insert(qualityReviews)
    .values({
      id: newId("qr"),
      ...scopeValues(scope),
      caseId: input.caseId,
      firstAnalystId: input.analystId,
      firstResolution: input.resolution,
      resolvedSeq: input.resolvedSeq,
      drawnAt: sql`date_trunc('milliseconds', now())`,
    })
    .onConflictDoNothing({ target: qualityReviews.caseId });
  return true;
}
