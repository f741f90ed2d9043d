// What other domain areas may use of approvals; they import it from here, never from its files.

export { approvalPolicy } from "./policy";
export { type ApprovalResource, requestApproval } from "./approvals";
