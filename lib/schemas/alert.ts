import { z } from "zod";
import { TEXT_LIMITS, tooLongMessage } from "./text-limits";
import { resolutions } from "../api/wire";

// The alert form of PATCH /v1/alerts/{id}: acknowledge or resolve (server/domain/alerts/README.md).
// The alert as the API returns it is generated (lib/api/wire.ts).

/** What the console may change: acknowledge or resolve, with optional notes (≤ 5,000 characters). */
export const UpdateAlertInputSchema = z.object({
  id: z.string().min(1).max(200),
  /** The version the page showed (If-Match). */
  version: z.number().int().min(1),
  status: z.enum(["acknowledged", "resolved"]),
  /** Required when resolving (checked with resolutionFitsStatus in the action). */
  resolution: z.enum(resolutions).optional(),
  resolution_notes: z.string().trim().max(TEXT_LIMITS.alertResolutionNotes, tooLongMessage(TEXT_LIMITS.alertResolutionNotes)).optional(),
});

export type UpdateAlertInput = z.infer<typeof UpdateAlertInputSchema>;
