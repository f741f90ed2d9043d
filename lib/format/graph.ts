import type { EntityGraph, GraphEdge, GraphFlag, GraphNode } from "../api/wire";
import { RISK_TERMS } from "./signals";

// The link graph in the console's words, and the merge of an expanded user's graph into the shown one.

export const graphNodeTypeLabels: Record<GraphNode["type"], string> = { ...RISK_TERMS, ip: "Client IP address" };

export const graphFlagLabels: Record<GraphFlag, string> = {
  blocked: "Blocked",
  confirmed_fraud: "Confirmed fraud",
  open_alert: "Open alert",
  open_case: "Open case",
  watchlist: "Watchlist",
};

/** Colours per node type (legend and canvas); flags are drawn as a red ring and named in words. */
export const graphNodeColours: Record<GraphNode["type"], string> = {
  user: "#0f766e",
  device: "#7c3aed",
  card: "#b45309",
  ip: "#2563eb",
  email: "#be185d",
  phone: "#4d7c0f",
  address: "#475569",
  document: "#9f1239",
};

export type ShownGraph = { root: string; nodes: GraphNode[]; edges: GraphEdge[]; truncated: boolean; expanded: string[] };

/** The graph as first shown. */
export function shownGraph(graph: EntityGraph): ShownGraph {
  return { root: graph.root, nodes: graph.nodes, edges: graph.edges, truncated: graph.truncated, expanded: [graph.root] };
}

/** `more` (an expanded user's graph) added to `shown`: nodes and edges once each, the shown ones kept as they are. */
export function mergeGraph(shown: ShownGraph, more: EntityGraph): ShownGraph {
  const nodeIds = new Set(shown.nodes.map((n) => n.id));
  const edgeKey = (e: GraphEdge) => `${e.source}\u0000${e.target}`;
  const edgeKeys = new Set(shown.edges.map(edgeKey));
  return {
    root: shown.root,
    nodes: [...shown.nodes, ...more.nodes.filter((n) => !nodeIds.has(n.id))],
    edges: [...shown.edges, ...more.edges.filter((e) => !edgeKeys.has(edgeKey(e)))],
    truncated: shown.truncated || more.truncated,
    expanded: shown.expanded.includes(more.root) ? shown.expanded : [...shown.expanded, more.root],
  };
}

/**
 * Positions on rings around the root: the root's entities on the first, other users on the second,
 * what expanded users added further out. Deterministic, so the drawing is the same on every load.
 */
export function ringLayout(graph: ShownGraph): Map<string, { x: number; y: number }> {
  const hops = new Map<string, number>([[graph.root, 0]]);
  let frontier = [graph.root];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const e of graph.edges) {
        const other = e.source === id ? e.target : e.target === id ? e.source : null;
        if (other && !hops.has(other)) {
          hops.set(other, (hops.get(id) ?? 0) + 1);
          next.push(other);
        }
      }
    }
    frontier = next;
  }
  const rings = new Map<number, string[]>();
  for (const n of graph.nodes) {
    const hop = hops.get(n.id) ?? 5;
    rings.set(hop, [...(rings.get(hop) ?? []), n.id]);
  }
  const positions = new Map<string, { x: number; y: number }>();
  for (const [hop, ids] of rings) {
    const radius = hop * 220;
    ids.forEach((id, index) => {
      const angle = (2 * Math.PI * index) / ids.length + hop * 0.4;
      positions.set(id, { x: Math.round(radius * Math.cos(angle)), y: Math.round(radius * Math.sin(angle)) });
    });
  }
  return positions;
}
