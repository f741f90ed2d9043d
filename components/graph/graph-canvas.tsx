"use client";

import "@xyflow/react/dist/style.css";
import { Background, Controls, ReactFlow, type Edge, type Node } from "@xyflow/react";
import { useMemo } from "react";
import { graphFlagLabels, graphNodeColours, graphNodeTypeLabels, ringLayout, type ShownGraph } from "@/lib/format/graph";

// The drawing of the link graph (@xyflow/react), loaded on demand by link-graph.tsx so no other
// page carries it. The table beside it holds the same nodes and edges for the keyboard and screen
// readers; the canvas is a picture of it, and clicking a user expands it.
export function GraphCanvas({ graph, onExpand }: { graph: ShownGraph; onExpand: (userId: string) => void }) {
  const { nodes, edges } = useMemo(() => {
    const positions = ringLayout(graph);
    const nodes: Node[] = graph.nodes.map((n) => {
      const flagged = n.flags.length > 0;
      return {
        id: n.id,
        position: positions.get(n.id) ?? { x: 0, y: 0 },
        data: {
          label: `${n.type === "user" ? "" : `${graphNodeTypeLabels[n.type]}: `}${n.label}${flagged ? ` (${n.flags.map((f) => graphFlagLabels[f]).join(", ")})` : ""}`,
        },
        style: {
          borderColor: flagged ? "#dc2626" : graphNodeColours[n.type],
          borderWidth: flagged ? 3 : 2,
          background: n.id === graph.root ? "#ccfbf1" : "#ffffff",
          color: "#0f172a",
          fontSize: 11,
          width: 170,
        },
        connectable: false,
      };
    });
    const edges: Edge[] = graph.edges.map((e) => ({
      id: `${e.source}->${e.target}`,
      source: e.source,
      target: e.target,
      style: { stroke: graphNodeColours[e.type] },
    }));
    return { nodes, edges };
  }, [graph]);
  return (
    <div
      className="h-[28rem] rounded-lg border border-border"
      data-graph-canvas
      role="group"
      aria-label="Drawing of the link graph; the tables below hold the same nodes and links"
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        fitView
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        onNodeClick={(_, node) => {
          const n = graph.nodes.find((x) => x.id === node.id);
          if (n?.type === "user" && n.user_id) onExpand(n.user_id);
        }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
