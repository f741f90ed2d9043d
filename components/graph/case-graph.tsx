import { getAlert } from "@/lib/api/alerts";
import type { Case } from "@/lib/api/wire";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { GRAPH_USERS_READ, UsersLinkGraph } from "./users-link-graph";

/**
 * The link graph of a case's users: the case's user, then the users of its first linked alerts
 * (a case opened for a cluster names no single user). A server component, streamed in.
 */
export async function CaseGraph({ environment, kase }: { environment: ConsoleEnvironment; kase: Pick<Case, "user_id" | "alert_ids"> }) {
  const fromAlerts = await Promise.allSettled(
    kase.alert_ids.slice(0, GRAPH_USERS_READ).map((id) => getAlert(environment, id, { limit: GRAPH_USERS_READ })),
  );
  const userIds = [
    ...new Set([
      ...(kase.user_id ? [kase.user_id] : []),
      ...fromAlerts.flatMap((r) => (r.status === "fulfilled" ? r.value.user_ids.data : [])),
    ]),
  ];
  return <UsersLinkGraph environment={environment} userIds={userIds} total={userIds.length} />;
}
