import { describe, expect, it } from "vitest";
import {
  canGoBack,
  canGoForward,
  currentCursor,
  MAX_CURSOR_DEPTH,
  MAX_CURSOR_LENGTH,
  normaliseStack,
  pageNumber,
  popCursor,
  pushCursor,
} from "./cursor-stack";

describe("cursor stack", () => {
  it("walks forward and back through pages", () => {
    let stack = normaliseStack(null);
    expect([pageNumber(stack), currentCursor(stack), canGoBack(stack)]).toEqual([1, undefined, false]);

    stack = pushCursor(stack, "c1");
    stack = pushCursor(stack, "c2");
    expect(stack).toEqual(["c1", "c2"]);
    expect([pageNumber(stack), currentCursor(stack), canGoBack(stack)]).toEqual([3, "c2", true]);

    stack = popCursor(stack);
    expect([pageNumber(stack), currentCursor(stack)]).toEqual([2, "c1"]);
    stack = popCursor(stack);
    expect([pageNumber(stack), currentCursor(stack)]).toEqual([1, undefined]);
    expect(popCursor(stack)).toEqual([]);
  });

  it("does not move forward without a next cursor", () => {
    const stack = ["c1"];
    expect(canGoForward(stack, null)).toBe(false);
    expect(pushCursor(stack, null)).toBe(stack);
    expect(pushCursor(stack, "")).toBe(stack);
    expect(pushCursor(stack, undefined)).toBe(stack);
  });

  it("stops at the maximum depth so URLs stay bounded", () => {
    let stack = normaliseStack([]);
    for (let i = 0; i < MAX_CURSOR_DEPTH + 5; i++) stack = pushCursor(stack, `c${i}`);
    expect(stack).toHaveLength(MAX_CURSOR_DEPTH);
    expect(canGoForward(stack, "more")).toBe(false);
  });

  it("treats a malformed URL value as the first page", () => {
    expect(normaliseStack(["ok", ""])).toEqual([]);
    expect(normaliseStack(["ok", 3])).toEqual([]);
    expect(normaliseStack(["x".repeat(MAX_CURSOR_LENGTH + 1)])).toEqual([]);
    expect(normaliseStack(Array.from({ length: MAX_CURSOR_DEPTH + 1 }, () => "c"))).toEqual([]);
    expect(normaliseStack(["eyJ0IjoxfQ", "a,b"])).toEqual(["eyJ0IjoxfQ", "a,b"]);
  });
});
