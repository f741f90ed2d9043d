import { describe, expect, it } from "vitest";
import { MAX_CURSOR_DEPTH, type CursorStack } from "../queries/cursor-stack";
import { cursorPaginationControls } from "./use-cursor-queue";

function record() {
  const calls: string[] = [];
  const setStack = (stack: CursorStack) => calls.push(`set:${stack.join(",")}`);
  const onMove = () => calls.push("move");
  return { calls, setStack, onMove };
}

describe("cursorPaginationControls", () => {
  it("on the first page: page 1, no way back, next when the API has more", () => {
    const { setStack } = record();
    const controls = cursorPaginationControls([], { has_more: true, next_cursor: "c1" }, setStack);
    expect(controls).toMatchObject({ page: 1, canPrevious: false, canNext: true });
  });

  it("no next page when the API has no more, the page is missing, or a navigation runs", () => {
    const { setStack } = record();
    expect(cursorPaginationControls(["a"], { has_more: false, next_cursor: null }, setStack).canNext).toBe(false);
    expect(cursorPaginationControls(["a"], null, setStack).canNext).toBe(false);
    expect(cursorPaginationControls(["a"], { has_more: true, next_cursor: "b" }, setStack, { busy: true }).canNext).toBe(false);
  });

  it("offers no next page once the URL holds the deepest cursor stack it keeps", () => {
    const { setStack } = record();
    const deep = Array.from({ length: MAX_CURSOR_DEPTH }, (_, i) => `c${i}`);
    expect(cursorPaginationControls(deep.slice(1), { has_more: true, next_cursor: "n" }, setStack).canNext).toBe(true);
    expect(cursorPaginationControls(deep, { has_more: true, next_cursor: "n" }, setStack).canNext).toBe(false);
  });

  it("next pushes the page's cursor; previous pops one (empty: the first page)", () => {
    const { calls, setStack } = record();
    const controls = cursorPaginationControls(["a"], { has_more: true, next_cursor: "b" }, setStack);
    expect(controls).toMatchObject({ page: 2, canPrevious: true });
    controls.onNext();
    controls.onPrevious();
    expect(calls).toEqual(["set:a,b", "set:"]);
  });

  it("onMove runs before each move, and not when next has nowhere to go", () => {
    const { calls, setStack, onMove } = record();
    cursorPaginationControls(["a"], { has_more: true, next_cursor: null }, setStack, { onMove }).onNext();
    expect(calls).toEqual([]);
    const controls = cursorPaginationControls(["a"], { has_more: true, next_cursor: "b" }, setStack, { onMove });
    controls.onNext();
    controls.onPrevious();
    expect(calls).toEqual(["move", "set:a,b", "move", "set:"]);
  });
});
