import { describe, expect, it } from "vitest";
import { countNewItems, newItemsLabel } from "./new-items";

const check = (ids: string[], has_more = false, environment = "production") => ({ ids, has_more, environment });
const shown = (...ids: string[]) => new Set(ids);

describe("countNewItems", () => {
  it("counts arrivals the analyst does not see", () => {
    expect(countNewItems(check(["c", "b"]), shown("a"), "production")).toEqual({ count: 2, more: false });
  });

  it("does not count a row already on screen (created while the page was being read)", () => {
    expect(countNewItems(check(["c", "b"]), shown("a", "b"), "production")).toEqual({ count: 1, more: false });
    expect(countNewItems(check(["b"]), shown("b"), "production")).toEqual({ count: 0, more: false });
  });

  it("says when one check could not read every arrival", () => {
    expect(countNewItems(check(["c", "b"], true), shown(), "production")).toEqual({ count: 2, more: true });
  });

  it("counts nothing before the first check, or for another environment", () => {
    expect(countNewItems(undefined, shown(), "production")).toEqual({ count: 0, more: false });
    expect(countNewItems(check(["c"], false, "pre-production"), shown(), "production")).toEqual({ count: 0, more: false });
  });
});

describe("newItemsLabel", () => {
  it("reads as a count, with + when there may be more", () => {
    expect(newItemsLabel({ count: 3, more: false })).toBe("3 new");
    expect(newItemsLabel({ count: 100, more: true })).toBe("100+ new");
  });
});
