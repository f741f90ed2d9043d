import "server-only";

import { z } from "zod";
import { alertStatusLabels } from "../format/alert";
import { getAlert, listAlertClusters, resolveAlertOrHold } from "../api/alerts";
import { ApiError, toSafeError } from "../api/errors";
import { resolutions, type AlertCluster } from "../api/wire";
import type { ConsoleEnvironment } from "../schemas/environment";
import { TEXT_LIMITS, fitText } from "../schemas/text-limits";
import { isVersionConflictCode, type SafeError } from "../schemas/safe-error";
import { BULK_CONCURRENCY, mapBounded } from "./bulk-case-results";

// The two dispositions of an alert cluster (server/README.md, "Alert clusters"), shared by the
// actions in dispose-cluster.ts. Each applies to the alerts and versions the analyst saw.

/** At most this many alerts per disposition: a cluster larger than that is worked in parts. */
export const CLUSTER_MAX = 100;

const AlertRefSchema = z.object({ id: z.string().min(1).max(200), version: z.number().int().min(1) });
export const ClusterRefsSchema = z.array(AlertRefSchema).min(2, "A cluster has two alerts or more.").max(CLUSTER_MAX);

export const ResolveClusterInputSchema = z.object({
  alerts: ClusterRefsSchema,
  resolution: z.enum(resolutions),
  resolution_notes: z.string().trim().max(TEXT_LIMITS.alertResolutionNotes).optional(),
});

export type ClusterOutcome =
  | { alert_id: string; ok: true; held: false }
  | { alert_id: string; ok: true; held: true; approval_id: string }
  | { alert_id: string; ok: false; error: SafeError };
export type ClusterResult = { resolved: number; held: number; failed: number; outcomes: ClusterOutcome[] };

/** One PATCH per alert, each on the version shown; a held write (202) is reported as sent for approval. */
export async function resolveCluster(
  environment: ConsoleEnvironment,
  actorId: string,
  input: z.infer<typeof ResolveClusterInputSchema>,
): Promise<ClusterResult> {
  const notes = input.resolution_notes === "" ? undefined : input.resolution_notes;
  const settled = await mapBounded(input.alerts, BULK_CONCURRENCY, (ref) =>
    resolveAlertOrHold(environment, actorId, {
      id: ref.id,
      version: ref.version,
      status: "resolved",
      resolution: input.resolution,
      resolution_notes: notes,
    }),
  );
  const outcomes = await Promise.all(
    settled.map(async (s, i): Promise<ClusterOutcome> => {
      const alertId = input.alerts[i]!.id;
      if (s.status === "fulfilled") {
        return s.value.held
          ? { alert_id: alertId, ok: true, held: true, approval_id: s.value.approvalId }
          : { alert_id: alertId, ok: true, held: false };
      }
      return { alert_id: alertId, ok: false, error: await describeFailure(environment, alertId, s.reason) };
    }),
  );
  return {
    resolved: outcomes.filter((o) => o.ok && !o.held).length,
    held: outcomes.filter((o) => o.ok && o.held).length,
    failed: outcomes.filter((o) => !o.ok).length,
    outcomes,
  };
}

/** A version conflict says how the alert stands now; anything else keeps the API's message. */
async function describeFailure(environment: ConsoleEnvironment, alertId: string, error: unknown): Promise<SafeError> {
  const safe = toSafeError(error);
  if (!(error instanceof ApiError) || error.status !== 409 || !isVersionConflictCode(error.code)) return safe;
  try {
    const now = await getAlert(environment, alertId, { limit: 1 });
    return {
      ...safe,
      code: "version_conflict",
      message: `Someone else changed it: it is now ${alertStatusLabels[now.status].toLowerCase()}.`,
    };
  } catch {
    return safe;
  }
}

/**
 * The cluster as the API sees it now, if it still holds every alert the analyst saw at the version
 * shown; otherwise what changed, in words.
 */
export async function currentCluster(
  environment: ConsoleEnvironment,
  seen: { id: string; version: number }[],
): Promise<{ cluster: AlertCluster; changes: null } | { cluster: null; changes: string }> {
  const [cluster] = await listAlertClusters(environment, { alert_id: seen[0]!.id, limit: 1 });
  const now = new Map(cluster?.alerts.map((a) => [a.alert_id, a]) ?? []);
  const changes = seen.flatMap((ref) => {
    const alert = now.get(ref.id);
    if (!alert) return [`${ref.id} left the cluster (resolved, or taken into a case).`];
    return alert.version === ref.version ? [] : [`${ref.id} changed (now ${alertStatusLabels[alert.status].toLowerCase()}).`];
  });
  if (!cluster || changes.length > 0) return { cluster: null, changes: changes.join(" ") };
  return { cluster, changes: null };
}

/** The case body for a cluster: its most severe alert gives the type, its shared entities the title. */
export async function clusterCaseBody(environment: ConsoleEnvironment, cluster: AlertCluster, alertIds: string[]) {
  const shared = cluster.shared[0];
  const title = `${alertIds.length} related alerts${shared ? ` · shared ${shared.type === "ip" ? "IP" : shared.type} ${shared.label}` : ""}`;
  // The first transactions of each alert, so the case lists what its alerts are about (≤ 100).
  const details = await mapBounded(alertIds.slice(0, 20), BULK_CONCURRENCY, (id) => getAlert(environment, id, { limit: 20 }));
  const transactionIds = [...new Set(details.flatMap((d) => (d.status === "fulfilled" ? d.value.transaction_ids.data : [])))].slice(0, 100);
  const summaries = cluster.alerts.filter((a) => alertIds.includes(a.alert_id)).map((a) => `${a.alert_id}: ${a.summary}`);
  return {
    title: fitText(title, TEXT_LIMITS.caseTitle),
    severity: cluster.severity,
    transaction_ids: transactionIds,
    notes: fitText(`Opened for a cluster of related alerts.\n${summaries.join("\n")}`, TEXT_LIMITS.caseNote),
    alert_ids: alertIds,
  };
}
