import { describe, expect, it } from "vitest";
import { mergeGraph, ringLayout, shownGraph } from "./graph";
import type { EntityGraph } from "../api/wire";

const edge = (source: string, target: string) => ({
  source,
  target,
  type: "device" as const,
  first_seen_at: "2026-01-01T00:00:00Z",
  last_seen_at: "2026-01-01T00:00:00Z",
  count: 1,
});
const node = (id: string, type: "user" | "device" = "user") => ({ id, type, label: id, flags: [] });
const graph = (root: string, nodes: string[], edges: [string, string][]): EntityGraph => ({
  object: "entity_graph",
  root,
  nodes: nodes.map((id) => node(id, id.startsWith("device:") ? "device" : "user")),
  edges: edges.map(([s, t]) => edge(s, t)),
  truncated: false,
});

describe("mergeGraph", () => {
  it("adds an expanded user's nodes and edges once each", () => {
    const first = shownGraph(
      graph(
        "user:a",
        ["user:a", "device:d", "user:b"],
        [
          ["user:a", "device:d"],
          ["user:b", "device:d"],
        ],
      ),
    );
    const merged = mergeGraph(
      first,
      graph(
        "user:b",
        ["user:b", "device:d", "device:e", "user:a", "user:c"],
        [
          ["user:b", "device:d"],
          ["user:b", "device:e"],
          ["user:c", "device:e"],
        ],
      ),
    );
    expect(merged.nodes.map((n) => n.id)).toEqual(["user:a", "device:d", "user:b", "device:e", "user:c"]);
    expect(merged.edges).toHaveLength(4);
    expect(merged.expanded).toEqual(["user:a", "user:b"]);
  });
});

describe("ringLayout", () => {
  it("puts the root in the middle and its entities on the first ring", () => {
    const positions = ringLayout(
      shownGraph(
        graph(
          "user:a",
          ["user:a", "device:d", "user:b"],
          [
            ["user:a", "device:d"],
            ["user:b", "device:d"],
          ],
        ),
      ),
    );
    expect(positions.get("user:a")).toEqual({ x: 0, y: 0 });
    const d = positions.get("device:d")!;
    expect(Math.abs(Math.hypot(d.x, d.y) - 220)).toBeLessThan(1);
    const b = positions.get("user:b")!;
    expect(Math.abs(Math.hypot(b.x, b.y) - 440)).toBeLessThan(1);
  });
});
