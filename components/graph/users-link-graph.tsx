import { getGraph } from "@/lib/api/users";
import { ApiError, toSafeError } from "@/lib/api/errors";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { LinkGraph } from "./link-graph";

/** Graphs read at once for an alert's or a case's users; the rest are one Expand away in the table. */
export const GRAPH_USERS_READ = 3;

/**
 * The link graph around the users of an alert or a case: the first users' graphs merged, each
 * expanded. A server component: the page around it does not wait for it (wrap it in Suspense).
 */
export async function UsersLinkGraph({
  environment,
  userIds,
  total,
}: {
  environment: ConsoleEnvironment;
  userIds: string[];
  total: number;
}) {
  const shown = userIds.slice(0, GRAPH_USERS_READ);
  if (shown.length === 0) return null;
  const results = await Promise.allSettled(shown.map((id) => getGraph(environment, id, { depth: 2, limit: 200 })));
  const graphs = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const [first, ...rest] = graphs;
  if (!first) {
    const failed = results.find((r) => r.status === "rejected" && !(r.reason instanceof ApiError && r.reason.status === 404));
    return (
      <Card as="section" aria-labelledby="link-graph" className="grid gap-2 p-5">
        <h2 id="link-graph" className="text-base font-semibold">
          Link graph
        </h2>
        {failed?.status === "rejected" ? (
          <FormError error={toSafeError(failed.reason)} />
        ) : (
          <p className="text-sm text-muted-foreground">
            No records of this environment link these users to a device, card, address or anyone else.
          </p>
        )}
      </Card>
    );
  }
  const whose = total > shown.length ? `The first ${shown.length} of its ${total} users and their links.` : undefined;
  return <LinkGraph environment={environment} graph={first} also={rest} caption={whose} />;
}
