import Link from "next/link";
import { getAlert } from "@/lib/api/alerts";
import type { AlertDetail } from "@/lib/api/wire";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { alertTypeLabel } from "@/lib/format/alert";
import { resolutionLabel } from "@/lib/format/resolution";
import { AlertStatusBadge, SeverityBadge } from "@/components/ui/severity-badge";
import { UserText } from "@/components/ui/user-text";

/** How many linked alerts are read for their state; the rest are listed by id. */
const FETCH_LIMIT = 20;

/**
 * A case's alerts (`alert_ids`) with their status and outcome, each a link to its page: after the
 * case is resolved, its open alerts show as resolved with the case's outcome. A server component,
 * streamed after the case.
 */
export async function LinkedAlerts({ environment, ids }: { environment: ConsoleEnvironment; ids: readonly string[] }) {
  const shown = ids.slice(0, FETCH_LIMIT);
  const rest = ids.slice(FETCH_LIMIT);
  const read = await Promise.allSettled(shown.map((id) => getAlert(environment, id, { limit: 1 })));
  const alerts = new Map<string, AlertDetail>();
  read.forEach((result, index) => {
    if (result.status === "fulfilled") alerts.set(shown[index]!, result.value);
  });
  return (
    <>
      <ul className="mt-3 grid divide-y divide-border rounded-lg border border-border">
        {shown.map((id) => {
          const alert = alerts.get(id);
          return (
            <li key={id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm" data-alert-id={id}>
              <Link
                href={`/alerts/${encodeURIComponent(id)}`}
                className="font-mono text-xs font-medium break-all underline-offset-4 hover:underline focus-visible:underline"
              >
                {id}
              </Link>
              {alert ? (
                <>
                  <span className="text-xs text-muted-foreground">
                    {alertTypeLabel(alert.alert_type)} · <UserText value={alert.summary} />
                  </span>
                  <span className="ml-auto flex items-center gap-2">
                    <SeverityBadge severity={alert.severity} />
                    <AlertStatusBadge status={alert.status} />
                    {alert.resolution ? <span className="text-xs font-medium">{resolutionLabel(alert.resolution)}</span> : null}
                  </span>
                </>
              ) : (
                <span className="ml-auto text-xs text-muted-foreground">State unavailable</span>
              )}
            </li>
          );
        })}
      </ul>
      {rest.length > 0 ? (
        <p className="mt-2 font-mono text-xs break-all text-muted-foreground">
          {rest.length} more: {rest.join(", ")}
        </p>
      ) : null}
    </>
  );
}
