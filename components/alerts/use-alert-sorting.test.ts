import { describe, expect, it } from "vitest";
import { alertSortFromSorting, alertSortingStateOf } from "./use-alert-sorting";

describe("alert column sorting", () => {
  it("shows the API's direction for each order", () => {
    expect(alertSortingStateOf("severity")).toEqual([{ id: "severity", desc: true }]);
    expect(alertSortingStateOf("due_at")).toEqual([{ id: "due_at", desc: false }]);
  });

  it("maps a header click to the clicked column's order, and a cleared sort to newest first", () => {
    expect(alertSortFromSorting([{ id: "severity", desc: true }], "created_at")).toBe("severity");
    expect(alertSortFromSorting([{ id: "due_at", desc: true }], "due_at")).toBe("due_at");
    expect(alertSortFromSorting([], "severity")).toBe("created_at");
  });
});
