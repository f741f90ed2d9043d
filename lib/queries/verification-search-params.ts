import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { verificationStatuses, verificationTypes } from "../api/wire";
import { cursorStackParser } from "./search-params";

// The identity review queue's filters, in the URL. `status` defaults to `pending` (work waiting
// on someone); `all` drops the filter.
export const verificationQueueStatuses = ["pending", "failed", "flagged", "verified", "all"] as const;
export type VerificationQueueStatus = (typeof verificationQueueStatuses)[number];

export const verificationQueueSearchParams = {
  status: parseAsStringLiteral(verificationQueueStatuses).withDefault("pending"),
  type: parseAsStringLiteral(verificationTypes),
  user_id: parseAsString,
  cursor: cursorStackParser,
};

export const loadVerificationQueueParams = createLoader(verificationQueueSearchParams);

export function statusOfTab(tab: VerificationQueueStatus): (typeof verificationStatuses)[number] | undefined {
  return tab === "all" ? undefined : tab;
}
