import { describe, expect, it, vi } from "vitest";
import { OverviewSchema } from "../api/wire-schemas";
import { scoreTotals, shortDay } from "./overview";

vi.mock("server-only", () => ({}));

describe("overview helpers", () => {
  it("labels UTC days briefly", () => {
    expect(shortDay("2026-11-21")).toBe("21 Nov");
    expect(shortDay("not a day")).toBe("not a day");
  });

  it("totals the charted window", () => {
    expect(
      scoreTotals([
        { date: "d1", allow: 3, challenge: 1, block: 0 },
        { date: "d2", allow: 1, challenge: 0, block: 2 },
      ]),
    ).toEqual({ allow: 4, challenge: 1, block: 2, total: 7 });
    expect(scoreTotals([]).total).toBe(0);
  });

  it("rejects a response that is not an overview", () => {
    expect(OverviewSchema.safeParse({ object: "list" }).success).toBe(false);
  });
});
