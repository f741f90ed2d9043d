import { z } from "zod";

// The four-eyes settings form (GET/PUT /api/v1/policies/approvals). The exposure is typed as text:
// empty means "never hold a false-positive resolution".

export const ApprovalPolicyFormSchema = z.object({
  min_exposure: z
    .string()
    .trim()
    .refine(
      (v) => v === "" || (/^\d+$/.test(v) && Number(v) <= 2_147_483_647),
      "A whole number of minor units (0 or more), or empty for never.",
    ),
  screening_review: z.boolean(),
  score_policy_publish: z.boolean(),
});
export type ApprovalPolicyForm = z.infer<typeof ApprovalPolicyFormSchema>;

export const UpdateApprovalPolicyInputSchema = z.object({
  version: z.number().int().min(0),
  case_false_positive_min_exposure: z.number().int().min(0).max(2_147_483_647).nullable(),
  screening_review: z.boolean(),
  score_policy_publish: z.boolean(),
});
export type UpdateApprovalPolicyInput = z.infer<typeof UpdateApprovalPolicyInputSchema>;
