import { z } from "zod";
import { APPROVAL_REASON_MAX } from "./approval-limits";

// The approve / reject form of a pending approval: either verdict needs a reason, kept in the audit.

export { APPROVAL_REASON_MAX } from "./approval-limits";

export const DecideApprovalInputSchema = z.object({
  approval_id: z.string().min(1).max(255),
  verdict: z.enum(["approve", "reject"]),
  reason: z
    .string()
    .trim()
    .min(1, "Give a reason: it is kept in the audit.")
    .max(APPROVAL_REASON_MAX, `A reason may have at most ${APPROVAL_REASON_MAX.toLocaleString("en-GB")} characters.`),
});

export type DecideApprovalInput = z.infer<typeof DecideApprovalInputSchema>;
