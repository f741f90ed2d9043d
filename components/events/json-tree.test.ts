import { describe, expect, it } from "vitest";
import { childPath, containerPaths, entriesOf, formatLeaf, jsonKind, prettyJson, ROOT_PATH, summarise } from "./json-tree";

describe("jsonKind", () => {
  it("tells arrays, null and objects apart", () => {
    expect(jsonKind([])).toBe("array");
    expect(jsonKind(null)).toBe("null");
    expect(jsonKind({})).toBe("object");
    expect(jsonKind("x")).toBe("string");
    expect(jsonKind(3)).toBe("number");
    expect(jsonKind(false)).toBe("boolean");
    expect(jsonKind(undefined)).toBe("other");
  });
});

describe("formatLeaf", () => {
  it("writes leaves as JSON does", () => {
    expect(formatLeaf('a "quoted" word')).toBe('"a \\"quoted\\" word"');
    expect(formatLeaf(42)).toBe("42");
    expect(formatLeaf(null)).toBe("null");
    expect(formatLeaf(true)).toBe("true");
  });
});

describe("summarise", () => {
  it("counts keys and items with the right plural", () => {
    expect(summarise({ a: 1 })).toBe("1 key");
    expect(summarise({ a: 1, b: 2 })).toBe("2 keys");
    expect(summarise(["x"])).toBe("1 item");
    expect(summarise([])).toBe("empty");
    expect(summarise({})).toBe("empty");
  });
});

describe("paths", () => {
  it("are JSON Pointers, escaping / and ~ so different keys never share a path", () => {
    expect(childPath(ROOT_PATH, "a/b")).toBe("/a~1b");
    expect(childPath("/x", "~y")).toBe("/x/~0y");
    expect(childPath(ROOT_PATH, "a.b")).not.toBe(childPath(childPath(ROOT_PATH, "a"), "b"));
  });

  it("lists every nested object and array below the root, depth first", () => {
    const payload = { risk_score: 80, risk_factors: ["velocity_high"], rule: { id: "r1", tags: [{ k: 1 }] } };
    expect(containerPaths(payload)).toEqual(["/risk_factors", "/rule", "/rule/tags", "/rule/tags/0"]);
    expect(containerPaths("leaf")).toEqual([]);
  });

  it("gives array entries their index as key", () => {
    expect(entriesOf(["a", "b"])).toEqual([
      ["0", "a"],
      ["1", "b"],
    ]);
  });
});

describe("prettyJson", () => {
  it("indents with two spaces", () => {
    expect(prettyJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});
