import { describe, expect, it } from "vitest";
import { caseStatuses } from "../../db/schema";
import { classifyMove } from "./state";

// The whole matrix of the case status machine (server/domain/cases/README.md): any → in_review;
// resolved from open or in_review; closed from resolved; nothing back to open; the current status
// again is a no-op.
const expected: Record<string, Record<string, string>> = {
  open: { open: "noop", in_review: "allowed", resolved: "allowed", closed: "illegal" },
  in_review: { open: "illegal", in_review: "noop", resolved: "allowed", closed: "illegal" },
  resolved: { open: "illegal", in_review: "allowed", resolved: "noop", closed: "allowed" },
  closed: { open: "illegal", in_review: "allowed", resolved: "illegal", closed: "noop" },
};

describe("case status machine", () => {
  for (const from of caseStatuses) {
    for (const to of caseStatuses) {
      it(`${from} → ${to} is ${expected[from]![to]}`, () => {
        expect(classifyMove(from, to)).toBe(expected[from]![to]);
      });
    }
  }
});
