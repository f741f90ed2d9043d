"use client";

import { ChevronDown, ChevronRight } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { IntentLink } from "@/components/ui/intent-link";
import { lazy, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DeferredTrigger } from "@/components/ui/deferred-trigger";
import { AlertStatusBadge, SeverityBadge } from "@/components/ui/severity-badge";
import { Spinner } from "@/components/ui/spinner";
import { UserText } from "@/components/ui/user-text";
import { openClusterCaseAction } from "@/lib/actions/dispose-cluster";
import { alertTypeLabel } from "@/lib/format/alert";
import { revealHidden } from "@/lib/format/invisible-characters";
import type { AlertCluster } from "@/lib/api/wire";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { ResolveClusterDialog } from "./lazy-resolve-dialogs";

// Radix's menu (and its positioning) loads on the first click of "Decide all", not with the queue.
const loadClusterMenu = () => import("./cluster-menu");
const ClusterMenu = lazy(() => loadClusterMenu().then((m) => ({ default: m.ClusterMenu })));

type Shared = AlertCluster["shared"][number];

const typeWords: Record<Shared["type"], string> = { user: "user", device: "device", card: "card", ip: "IP" };
const typeOrder: Shared["type"][] = ["device", "ip", "card", "user"];

/** "shared card 411111 •••• 1111, IP 198.51.100.9 (+2 more)": what joins the cluster, most shared first. */
export function describeShared(shared: Shared[]): string {
  if (shared.length === 0) return "";
  // A shared device or IP (what detectors key on) says most, then a card, then a user id (stable sort).
  const ordered = [...shared].sort((a, b) => typeOrder.indexOf(a.type) - typeOrder.indexOf(b.type));
  const named = ordered.slice(0, 2).map((s) => `${typeWords[s.type]} ${revealHidden(s.label)}`);
  const more = shared.length > 2 ? ` (+${shared.length - 2} more)` : "";
  return `shared ${named.join(", ")}${more}`;
}

type AlertClustersProps = { clusters: AlertCluster[]; environment: ConsoleEnvironment; onDone: () => void };

/**
 * Related open alerts (a shared user, device, card or client IP), one expandable row per cluster
 * with one disposition: resolve all, or open one case for all (server/README.md, "Alert clusters").
 */
export function AlertClusters({ clusters, environment, onDone }: AlertClustersProps) {
  if (clusters.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="alert-clusters" className="mb-4">
      <div className="px-4 pt-4 pb-2">
        <h2 id="alert-clusters" className="text-base font-semibold tracking-tight">
          Related alerts
        </h2>
        <p className="text-sm text-muted-foreground">Open alerts that share a user, device, card or client IP: decide them once.</p>
      </div>
      <ul className="divide-y divide-border border-t border-border" data-alert-clusters="">
        {clusters.map((cluster) => (
          <ClusterRow key={cluster.cluster_id} cluster={cluster} environment={environment} onDone={onDone} />
        ))}
      </ul>
    </Card>
  );
}

function ClusterRow({ cluster, environment, onDone }: { cluster: AlertCluster; environment: ConsoleEnvironment; onDone: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const [resolving, setResolving] = useState(false);
  const membersId = useId();
  // One key per press session: a double submit or a retry after a timeout opens one case.
  const caseKey = useRef<string | null>(null);
  const openCase = useAction(openClusterCaseAction, {
    onError: ({ error }) => {
      caseKey.current = null;
      toast.error(error.serverError?.message ?? "The case could not be opened.", {
        description: error.serverError?.requestId ? `Request id ${error.serverError.requestId}` : undefined,
      });
      if (error.serverError?.code === "version_conflict") onDone();
    },
  });
  const title = `${cluster.size} related alerts`;
  const shared = describeShared(cluster.shared);
  return (
    <li data-cluster-id={cluster.cluster_id}>
      <div className="flex flex-wrap items-center gap-3 px-4 py-3">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={membersId}
          onClick={() => setExpanded((e) => !e)}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-md text-left text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {expanded ? (
            <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
          )}
          <SeverityBadge severity={cluster.severity} />
          <span className="font-medium">{title}</span>
          {shared ? <span className="truncate text-muted-foreground">· {shared}</span> : null}
        </button>
        <DeferredTrigger
          trigger={
            <Button size="sm" variant="secondary" disabled={openCase.isPending}>
              {openCase.isPending ? <Spinner /> : null}
              Decide all<span className="sr-only"> {title}</span>
              <ChevronDown aria-hidden="true" />
            </Button>
          }
          load={loadClusterMenu}
          render={(trigger) => (
            <ClusterMenu
              trigger={trigger}
              defaultOpen
              onResolve={() => setResolving(true)}
              onOpenCase={() => {
                caseKey.current ??= crypto.randomUUID();
                openCase.execute({
                  environment,
                  alerts: cluster.alerts.map((a) => ({ id: a.alert_id, version: a.version })),
                  idempotencyKey: caseKey.current,
                });
              }}
            />
          )}
        />
      </div>
      <ul id={membersId} hidden={!expanded} className="grid gap-1 px-4 pb-3 pl-10" aria-label={`Alerts of the cluster: ${title}`}>
        {cluster.alerts.map((alert) => (
          <li key={alert.alert_id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <SeverityBadge severity={alert.severity} />
            <IntentLink href={`/alerts/${encodeURIComponent(alert.alert_id)}`} className="font-medium underline-offset-2 hover:underline">
              {alertTypeLabel(alert.alert_type)}
            </IntentLink>
            <UserText value={alert.summary} className="min-w-0 truncate text-muted-foreground" />
            <AlertStatusBadge status={alert.status} />
          </li>
        ))}
      </ul>
      {resolving ? <ResolveClusterDialog cluster={cluster} environment={environment} onOpenChange={setResolving} onDone={onDone} /> : null}
    </li>
  );
}
