import { z } from "zod";
import { caseStatuses, resolutions } from "../api/wire";
import { TEXT_LIMITS, tooLongMessage } from "./text-limits";

// The case form of PATCH /v1/cases/{id}: status (with its resolution), note, assignee (server/domain/cases/README.md).

export const UpdateCaseInputSchema = z.object({
  id: z.string().min(1).max(200),
  /** The version the page showed (If-Match). */
  version: z.number().int().min(1),
  status: z.enum(caseStatuses).optional(),
  notes: z.string().trim().min(1).max(TEXT_LIMITS.caseNote, tooLongMessage(TEXT_LIMITS.caseNote)).optional(),
  // null unassigns.
  assignee_id: z.string().min(1).max(200).nullable().optional(),
  /** Why a case changes hands (recorded in the audit); only with `assignee_id`. */
  assignment_reason: z.string().trim().min(1).max(500, "At most 500 characters.").optional(),
  /** The outcome; the console requires it with `status: resolved` (the API does not). */
  resolution: z.enum(resolutions).optional(),
});

export { RESOLUTION_REQUIRED } from "../format/resolution";

/** Resolving needs an outcome; an outcome goes only with resolving. */
export const resolutionFitsStatus = (input: { status?: string; resolution?: string }) =>
  (input.status === "resolved") === (input.resolution !== undefined);

export type UpdateCaseInput = z.infer<typeof UpdateCaseInputSchema>;
