import type { identityVerifications } from "../../db/schema";
import { iso, isoSeconds } from "../../core/time";

export type VerificationRow = typeof identityVerifications.$inferSelect;

/** The identity verification record (Surface B names the same record `verification`). */
export function serializeVerification<O extends "identity_verification" | "verification" = "identity_verification">(
  row: VerificationRow,
  object?: O,
) {
  return {
    object: (object ?? "identity_verification") as O,
    verification_id: row.id,
    user_id: row.userId,
    type: row.type,
    status: row.status,
    checks: row.checks.map((c) => ({ name: c.name, status: c.status, detail: c.detail })),
    screening_id: row.screeningId,
    created_at: iso(row.createdAt),
    completed_at: isoSeconds(row.completedAt),
  };
}

/** The subject as a reviewer sees it (document number masked at submission). */
export function serializeSubject(row: VerificationRow) {
  return { ...row.subject };
}
