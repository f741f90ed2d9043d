import { describe, expect, it } from "vitest";
import { hasCommandModifier, isTypingTarget, nextRowIndex, rowMoveForKey } from "./keyboard";

describe("row keyboard navigation", () => {
  it("maps j/k and the arrow keys to moves", () => {
    expect(rowMoveForKey("j")).toBe("next");
    expect(rowMoveForKey("ArrowDown")).toBe("next");
    expect(rowMoveForKey("k")).toBe("previous");
    expect(rowMoveForKey("ArrowUp")).toBe("previous");
    expect(rowMoveForKey("Home")).toBe("first");
    expect(rowMoveForKey("End")).toBe("last");
    expect(rowMoveForKey("x")).toBeUndefined();
  });

  it("starts at the first row and stops at both ends", () => {
    expect(nextRowIndex(-1, "next", 3)).toBe(0);
    expect(nextRowIndex(-1, "previous", 3)).toBe(0);
    expect(nextRowIndex(0, "next", 3)).toBe(1);
    expect(nextRowIndex(2, "next", 3)).toBe(2);
    expect(nextRowIndex(0, "previous", 3)).toBe(0);
    expect(nextRowIndex(1, "last", 3)).toBe(2);
    expect(nextRowIndex(2, "first", 3)).toBe(0);
  });

  it("copes with an empty table and a stale index after the rows shrank", () => {
    expect(nextRowIndex(-1, "next", 0)).toBe(-1);
    expect(nextRowIndex(9, "next", 3)).toBe(2);
    expect(nextRowIndex(9, "previous", 3)).toBe(1);
  });

  it("leaves keys to fields and to the browser", () => {
    const el = (tagName: string, attrs: Record<string, string> = {}, editable = false) =>
      ({ tagName, isContentEditable: editable, getAttribute: (n: string) => attrs[n] ?? null }) as unknown as EventTarget;
    expect(isTypingTarget(el("INPUT"))).toBe(true);
    expect(isTypingTarget(el("TEXTAREA"))).toBe(true);
    expect(isTypingTarget(el("SELECT"))).toBe(true);
    expect(isTypingTarget(el("DIV", {}, true))).toBe(true);
    expect(isTypingTarget(el("DIV", { role: "menuitem" }))).toBe(true);
    expect(isTypingTarget(el("TR"))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(hasCommandModifier({ ctrlKey: false, altKey: false, metaKey: true })).toBe(true);
    expect(hasCommandModifier({ ctrlKey: false, altKey: false, metaKey: false })).toBe(false);
  });
});
