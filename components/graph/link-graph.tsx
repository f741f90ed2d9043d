"use client";

import { useAction } from "next-safe-action/hooks";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { UserText } from "@/components/ui/user-text";
import { getGraphAction } from "@/lib/actions/get-graph";
import type { EntityGraph } from "@/lib/api/wire";
import { graphFlags } from "@/lib/api/wire";
import { graphFlagLabels, graphNodeColours, graphNodeTypeLabels, mergeGraph, shownGraph } from "@/lib/format/graph";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";

// The canvas library is loaded only when a graph is shown (first-load JS of every route unchanged).
const GraphCanvas = dynamic(() => import("./graph-canvas").then((m) => m.GraphCanvas), {
  ssr: false,
  loading: () => <Skeleton className="h-[28rem] rounded-lg" />,
});

/** Users joined through shared devices, cards, IPs, e-mails, phones, addresses and documents: drawn, and as a table. */
export function LinkGraph({
  environment,
  graph: initial,
  also = [],
  caption,
}: {
  environment: ConsoleEnvironment;
  graph: EntityGraph;
  /** Graphs of further users shown expanded from the start (an alert's or a case's other users). */
  also?: EntityGraph[];
  /** Whose graph this is, when the page is not a user's. */
  caption?: string;
}) {
  const [graph, setGraph] = useState(() => also.reduce(mergeGraph, shownGraph(initial)));
  const expand = useAction(getGraphAction, { onSuccess: ({ data }) => data && setGraph((shown) => mergeGraph(shown, data)) });
  const onExpand = (userId: string) => {
    if (!graph.expanded.includes(`user:${userId}`) && !expand.isPending) expand.execute({ environment, user_id: userId });
  };
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const users = graph.nodes.filter((n) => n.type === "user").length;
  const types = [...new Set(graph.nodes.map((n) => n.type))];
  return (
    <Card as="section" aria-labelledby="link-graph" className="grid gap-4 p-5">
      <div>
        <h2 id="link-graph" className="text-base font-semibold">
          Link graph
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {caption ? `${caption} ` : null}
          {users} user{users === 1 ? "" : "s"} and {graph.nodes.length - users} shared thing{graph.nodes.length - users === 1 ? "" : "s"},
          two hops out.
          {graph.truncated ? " Some links were left out (the graph is capped)." : ""} Click a user, or press Expand in the table, to add
          their links.
        </p>
      </div>
      <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
        {types.map((type) => (
          <li key={type} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm border-2" style={{ borderColor: graphNodeColours[type] }} />
            {graphNodeTypeLabels[type]}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm border-[3px] border-red-600" />
          Flagged:{" "}
          {graphFlags
            .map((f) => graphFlagLabels[f])
            .join(", ")
            .toLowerCase()}
        </li>
      </ul>
      <GraphCanvas graph={graph} onExpand={onExpand} />
      {expand.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner /> Adding links…
        </p>
      ) : null}
      <FormError error={expand.result.serverError} />
      <table className="w-full text-sm" data-graph-nodes>
        <caption className="mb-2 text-left text-sm font-semibold">Nodes ({graph.nodes.length})</caption>
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1 font-medium">
              Node
            </th>
            <th scope="col" className="py-1 font-medium">
              Type
            </th>
            <th scope="col" className="py-1 font-medium">
              Flags
            </th>
            <th scope="col" className="py-1 font-medium">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {graph.nodes.map((n) => (
            <tr key={n.id} data-node-id={n.id}>
              <td className="py-1.5 pr-3 font-mono text-xs break-all">
                {n.type === "user" && n.user_id ? (
                  <Link href={`/users/${encodeURIComponent(n.user_id)}`} className="text-primary underline underline-offset-4">
                    <UserText value={n.label} />
                  </Link>
                ) : (
                  <UserText value={n.label} />
                )}
              </td>
              <td className="py-1.5 pr-3 text-xs">{graphNodeTypeLabels[n.type]}</td>
              <td className="py-1.5 pr-3 text-xs">{n.flags.length > 0 ? n.flags.map((f) => graphFlagLabels[f]).join(", ") : "—"}</td>
              <td className="py-1.5 text-right">
                {n.type === "user" && n.user_id && !graph.expanded.includes(n.id) ? (
                  <Button variant="secondary" size="sm" disabled={expand.isPending} onClick={() => onExpand(n.user_id!)}>
                    Expand <span className="sr-only">{n.label}</span>
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-sm" data-graph-edges>
        <caption className="mb-2 text-left text-sm font-semibold">Links ({graph.edges.length})</caption>
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1 font-medium">
              User
            </th>
            <th scope="col" className="py-1 font-medium">
              Used
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Records
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {graph.edges.map((e) => (
            <tr key={`${e.source}->${e.target}`}>
              <td className="py-1.5 pr-3 font-mono text-xs break-all">
                <UserText value={byId.get(e.source)?.label ?? e.source} />
              </td>
              <td className="py-1.5 pr-3 text-xs">
                {graphNodeTypeLabels[e.type]} <UserText value={byId.get(e.target)?.label ?? e.target} className="font-mono" />
              </td>
              <td className="py-1.5 text-right tabular-nums">{e.count.toLocaleString("en-GB")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
