import { describe, expect, it } from "vitest";
import { bulkSummary } from "../format/case";
import { BulkAssignInputSchema, BulkStatusInputSchema, mapBounded, summariseBulk } from "./bulk-case-results";

describe("mapBounded", () => {
  it("keeps order, never exceeds the limit, and reports failures without stopping", async () => {
    let inFlight = 0;
    let peak = 0;
    const settled = await mapBounded([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5 * (8 - n)));
      inFlight--;
      if (n === 4) throw new Error("four");
      return n * 10;
    });
    expect(peak).toBe(3);
    expect(settled.map((r) => (r.status === "fulfilled" ? r.value : "x"))).toEqual([10, 20, 30, "x", 50, 60, 70]);
  });

  it("handles an empty list", async () => {
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
  });
});

describe("summariseBulk and bulkSummary", () => {
  it("pairs outcomes with ids and counts them", () => {
    const refused = { message: "illegal move", requestId: "req_1", status: 422 };
    const r = summariseBulk(
      ["a", "b"],
      [
        { status: "fulfilled", value: null },
        { status: "fulfilled", value: refused },
      ],
    );
    expect(r).toEqual({
      succeeded: 1,
      failed: 1,
      outcomes: [
        { case_id: "a", ok: true },
        { case_id: "b", ok: false, error: refused },
      ],
    });
    expect(bulkSummary(r, "Moved")).toBe("Moved 1 case; 1 failed.");
    expect(bulkSummary({ succeeded: 3, failed: 0, outcomes: [] }, "Assigned")).toBe("Assigned 3 cases.");
    expect(bulkSummary({ succeeded: 0, failed: 2, outcomes: [] }, "Moved")).toBe("None of 2 cases could be moved.");
  });
});

describe("bulk input schemas", () => {
  const ref = (id: string, version = 1) => ({ id, version, seen_seq: 1 });
  it("de-duplicates cases (the last version given wins), bounds their number, and takes null to unassign", () => {
    const ok = BulkAssignInputSchema.parse({ environment: "production", cases: [ref("c1"), ref("c1", 2), ref("c2")], assignee_id: null });
    expect(ok.cases).toEqual([ref("c1", 2), ref("c2")]);
    expect(BulkAssignInputSchema.safeParse({ environment: "production", cases: [], assignee_id: "a" }).success).toBe(false);
    expect(
      BulkAssignInputSchema.safeParse({
        environment: "production",
        cases: Array.from({ length: 101 }, (_, i) => ref(`c${i}`)),
        assignee_id: "a",
      }).success,
    ).toBe(false);
    expect(BulkAssignInputSchema.safeParse({ environment: "production", cases: [{ id: "c1" }], assignee_id: "a" }).success).toBe(false);
    expect(BulkStatusInputSchema.safeParse({ environment: "pre-production", cases: [ref("c1")], status: "reopened" }).success).toBe(false);
    expect(BulkStatusInputSchema.parse({ environment: "pre-production", cases: [ref("c1")], status: "closed" }).status).toBe("closed");
  });

  it("requires an outcome to resolve, and takes none with another status", () => {
    const base = { environment: "pre-production", cases: [ref("c1")] };
    const missing = BulkStatusInputSchema.safeParse({ ...base, status: "resolved" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(["resolution"]);
    expect(BulkStatusInputSchema.parse({ ...base, status: "resolved", resolution: "false_positive" }).resolution).toBe("false_positive");
    expect(BulkStatusInputSchema.safeParse({ ...base, status: "closed", resolution: "inconclusive" }).success).toBe(false);
  });
});
