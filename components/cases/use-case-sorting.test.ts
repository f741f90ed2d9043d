import { describe, expect, it } from "vitest";
import { sortFromSorting, sortingStateOf } from "./use-case-sorting";

describe("case column sorting", () => {
  it("shows the API's direction for each order", () => {
    expect(sortingStateOf("priority")).toEqual([{ id: "severity", desc: true }]);
    expect(sortingStateOf("due_at")).toEqual([{ id: "due_at", desc: false }]);
  });

  it("maps a header click to the clicked column's order, and a cleared sort to priority", () => {
    expect(sortFromSorting([{ id: "due_at", desc: false }], "priority")).toBe("due_at");
    // Clicking the sorted column again only flips its arrow: the order stays.
    expect(sortFromSorting([{ id: "due_at", desc: true }], "due_at")).toBe("due_at");
    expect(sortFromSorting([], "created_at")).toBe("priority");
  });
});
