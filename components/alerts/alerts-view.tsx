"use client";

import { BellRing } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useMemo, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { updateAlertAction } from "@/lib/actions/update-alert";
import { useCursorQueue } from "@/lib/hooks/use-cursor-queue";
import { useHotkey } from "@/lib/hooks/use-hotkey";
import type { Alert, AlertCluster, ListPage } from "@/lib/api/wire";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import type { SafeError } from "@/lib/schemas/safe-error";
import { alertColumns } from "./alert-columns";
import type { AlertQueueSort } from "@/lib/queries/alert-search-params";
import { AlertFilters, alertSortLabels } from "./alert-filters";
import { NewItemsNotice } from "@/components/ui/new-items-notice";
import { useNewItems } from "@/lib/hooks/use-new-items";
import { ResolveAlertDialog } from "./lazy-resolve-dialogs";
import { AlertClusters } from "./alert-clusters";
import { useAlertSorting } from "./use-alert-sorting";

const NO_ALERTS: Alert[] = [];

type AlertsViewProps = {
  environment: ConsoleEnvironment;
  /** The page the server read for the URL's filters and cursor; null when it failed. */
  page: ListPage<Alert> | null;
  error: SafeError | null;
  filtered: boolean;
  /** The order the server read the page in (from the URL). */
  sort: AlertQueueSort;
  /** When the server read `page` (what arrives after it is "new"). */
  listedAt: string;
  /** Related open alerts, each cluster one row above the table (its alerts stay in the table too). */
  clusters?: AlertCluster[];
  /** The saved views menu (the page composes it: feature folders do not import each other). */
  viewsMenu?: ReactNode;
};

/**
 * The alert queue. The server page reads the API (filters and cursor from the URL); this view
 * changes the URL (not shallow) and refreshes the server render after a change; new alerts are
 * announced (NewItemsNotice) and shown when the analyst asks, never swapped in under them.
 */
export function AlertsView({ environment, page, error, filtered, sort, listedAt, clusters = [], viewsMenu }: AlertsViewProps) {
  const router = useRouter();
  const { rowsKey, isNavigating, startTransition, refresh, pagination } = useCursorQueue();
  const sorting = useAlertSorting(startTransition);
  const [resolving, setResolving] = useState<Alert | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);

  const acknowledge = useAction(updateAlertAction, {
    onSuccess: () => {
      toast.success("Alert acknowledged");
      refresh();
    },
    onError: ({ error, input }) => {
      const conflict = error.serverError?.conflict;
      toast.error(error.serverError?.message ?? "The alert could not be acknowledged.", {
        description: error.serverError?.requestId ? `Request id ${error.serverError.requestId}` : undefined,
        action: conflict
          ? { label: "Acknowledge anyway", onClick: () => acknowledge.execute({ ...input, version: conflict.currentVersion }) }
          : undefined,
      });
      if (conflict) refresh();
    },
    onSettled: () => setPendingId(null),
  });

  // Clustered alerts stay in the table too: its pages, order and keyboard stay the API's.
  const rows = page?.data ?? NO_ALERTS;
  const shownIds = useMemo(() => rows.map((a) => a.alert_id), [rows]);
  const fresh = useNewItems({ queue: "alerts", environment, listedAt, shownIds });
  const columns = useMemo(
    () =>
      alertColumns({
        pendingId,
        onAcknowledge: (alert) => {
          setPendingId(alert.alert_id);
          acknowledge.execute({ id: alert.alert_id, version: alert.version, status: "acknowledged", environment });
        },
        onResolve: setResolving,
      }),
    // `acknowledge.execute` is stable across renders (next-safe-action).
    [pendingId, environment, acknowledge.execute],
  );

  // a / r act on the row that has the keyboard focus (j / k move it; see DataTable).
  useHotkey(["a", "r"], (event) => {
    const row = document.activeElement;
    if (!(row instanceof HTMLTableRowElement) || !row.closest("[data-alert-queue]")) return;
    const alert = rows[row.sectionRowIndex];
    if (!alert) return;
    event.preventDefault();
    if (event.key === "a" && alert.status === "open") {
      setPendingId(alert.alert_id);
      acknowledge.execute({ id: alert.alert_id, version: alert.version, status: "acknowledged", environment });
    } else if (event.key === "r" && alert.status !== "resolved") setResolving(alert);
  });

  return (
    <>
      {viewsMenu ? <div className="mb-3 flex items-center gap-3">{viewsMenu}</div> : null}
      <AlertFilters startTransition={startTransition} />
      <AlertClusters clusters={clusters} environment={environment} onDone={refresh} />
      <div data-alert-queue="">
        <DataTable
          caption={`Alerts of ${environmentLabels[environment]}, ${alertSortLabels[sort].toLowerCase()}`}
          columns={columns}
          data={rows}
          getRowId={(alert) => alert.alert_id}
          status={error ? "error" : "success"}
          error={error}
          isFetching={isNavigating}
          onRetry={refresh}
          rowsKey={rowsKey}
          onRowOpen={(alert) => router.push(`/alerts/${encodeURIComponent(alert.alert_id)}`)}
          pagination={pagination(page)}
          sorting={sorting}
          empty={
            <EmptyState
              icon={<BellRing />}
              title={filtered ? "No alerts match these filters" : `No open alerts in ${environmentLabels[environment]}`}
              description={
                filtered
                  ? "Change or clear the filters above. New alerts are announced as they arrive."
                  : "The detection engine raises an alert when it sees a sustained pattern. New alerts are announced as they arrive."
              }
            />
          }
        />
      </div>
      <p className="mt-2 text-xs text-muted-foreground">
        Keyboard: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> opens, <kbd>a</kbd> acknowledges, <kbd>r</kbd> resolves the highlighted
        alert.
      </p>
      {resolving ? (
        <ResolveAlertDialog
          key={resolving.alert_id}
          alert={resolving}
          environment={environment}
          open
          onOpenChange={(open) => !open && setResolving(null)}
          onDone={refresh}
        />
      ) : null}
      <NewItemsNotice fresh={fresh} noun={["alert", "alerts"]} onShow={refresh} />
    </>
  );
}
