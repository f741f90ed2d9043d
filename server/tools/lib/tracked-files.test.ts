import { describe, expect, it } from "vitest";
import { changedDuringRun } from "./tracked-files";

describe("changedDuringRun", () => {
  it("names files the run changed, not those already changed before it and left alone", () => {
    const before = new Map([
      ["README.md", "a"],
      ["lib/x.ts", "b"],
    ]);
    const after = new Map([
      ["README.md", "a"],
      ["lib/x.ts", "c"],
      ["tsconfig.json", "d"],
    ]);
    expect(changedDuringRun(before, after)).toEqual(["lib/x.ts", "tsconfig.json"]);
    expect(changedDuringRun(before, before)).toEqual([]);
  });
});
