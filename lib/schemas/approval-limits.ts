// Apart from approval.ts (zod) so the approval form can name it without loading zod.

/** The longest reason an approver may give. */
export const APPROVAL_REASON_MAX = 1000;
