import { describe, expect, it } from "vitest";
import { nestedDeeperThan } from "./json-body";

describe("nestedDeeperThan", () => {
  it("counts objects and arrays, both kinds together", () => {
    expect(nestedDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestedDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestedDeeperThan("[[],[],[]]", 2)).toBe(false);
    expect(nestedDeeperThan("1", 0)).toBe(false);
  });

  it("skips brackets inside strings, escaped quotes and backslashes included", () => {
    expect(nestedDeeperThan(JSON.stringify({ a: "[[[[{{{{" }), 1)).toBe(false);
    expect(nestedDeeperThan(JSON.stringify({ a: 'x"[[[[', b: "\\", c: '\\"{{{{' }), 1)).toBe(false);
    expect(nestedDeeperThan(`{"a\\\\":[[1]]}`, 2)).toBe(true);
  });

  it("scans 100,000 levels without recursion", () => {
    expect(nestedDeeperThan("[".repeat(100_000) + "]".repeat(100_000), 64)).toBe(true);
  });

  it("leaves malformed text to the parser", () => {
    expect(nestedDeeperThan('{"a":"unterminated', 1)).toBe(false);
    expect(nestedDeeperThan("]]]][[", 1)).toBe(false);
  });
});
