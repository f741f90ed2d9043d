import { z } from "@hono/zod-openapi";
import { approvalActions, approvalStatuses } from "../../db/schema";

export const ApprovalSchema = z
  .object({
    object: z.literal("approval"),
    approval_id: z.string().openapi({ example: "apr_01jd2x3y4z5a6b7c8d9e0f1g2h" }),
    action: z
      .enum(approvalActions)
      .openapi({ description: "`case_resolution` (false_positive at or above the exposure), `screening_review`, `score_policy_publish`" }),
    object_id: z.string().openapi({ description: "The case, the screening, or `score` (the score policy)" }),
    object_version: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The object's version the maker saw; approving applies to it only (else 409 and the approval fails)" }),
    request: z
      .record(z.string(), z.unknown())
      .openapi({ description: "What the maker sent, applied as sent when approved (a case resolution adds its `exposure`)" }),
    maker_id: z.string().openapi({ description: "Who asked: the actor (analyst id) of the held request" }),
    status: z.enum(approvalStatuses),
    decider_id: z.string().nullable(),
    reason: z.string().nullable().openapi({ description: "The rejection's reason, or why the approval failed" }),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .openapi("Approval");

export const heldResponse = {
  description: "Held for a second person: the pending approval (nothing changed yet)",
  content: { "application/json": { schema: ApprovalSchema } },
};
