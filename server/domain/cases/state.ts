import type { CaseStatus } from "../../db/schema";

// Case status machine (server/domain/cases/README.md): new cases are open; any case may move to
// in_review; resolved from open or in_review; closed from resolved; nothing moves back
// to open. Setting the current status again is a no-op, not an error.
const allowed: Record<CaseStatus, readonly CaseStatus[]> = {
  open: ["in_review", "resolved"],
  in_review: ["resolved"],
  resolved: ["in_review", "closed"],
  closed: ["in_review"],
};

export type Move = "noop" | "allowed" | "illegal";

export function classifyMove(from: CaseStatus, to: CaseStatus): Move {
  if (from === to) return "noop";
  return allowed[from].includes(to) ? "allowed" : "illegal";
}

/** Where a case in `from` may go, for error messages and clients. */
export function nextStatuses(from: CaseStatus): readonly CaseStatus[] {
  return allowed[from];
}
