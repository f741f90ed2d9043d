"use server";

import { redirect } from "next/navigation";
import { returnServerError } from "next-safe-action";
import { z } from "zod";
import { createCase } from "../api/cases";
import { caseTypeForAlert } from "../format/case";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import type { SafeError } from "../schemas/safe-error";
import { ClusterRefsSchema, clusterCaseBody, currentCluster, resolveCluster, ResolveClusterInputSchema } from "./cluster-disposition";
import { assertEnvironment, authedAction } from "./safe-action";

// One disposition for a cluster of related alerts (the alert queue's cluster rows). The actor is
// the signed-in analyst; every alert is changed on the version the analyst saw.

/** Resolve all: each alert gets the same outcome and notes; failures and held writes are reported per alert. */
export const resolveClusterAction = authedAction
  .metadata({ actionName: "resolveCluster", minRole: "analyst" })
  .inputSchema(ResolveClusterInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, ...input }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return resolveCluster(ctx.environment, ctx.analyst.id, input);
  });

/**
 * Open one case for all: only when the cluster still holds every alert shown at the version shown
 * (else a version conflict saying what changed); then shows the case.
 */
export const openClusterCaseAction = authedAction
  .metadata({ actionName: "openClusterCase", minRole: "analyst" })
  .inputSchema(
    z.object({
      environment: ConsoleEnvironmentSchema,
      alerts: ClusterRefsSchema,
      // One per dialog: a double submit or a retry after a timeout opens one case.
      idempotencyKey: z.uuid(),
    }),
  )
  .action(async ({ parsedInput: { environment, alerts, idempotencyKey }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    const { cluster, changes } = await currentCluster(ctx.environment, alerts);
    if (!cluster) {
      returnServerError<SafeError>({
        code: "version_conflict",
        status: 409,
        message: `The cluster changed while you were looking at it. ${changes} Look at it again and redo.`,
      });
    }
    const body = await clusterCaseBody(
      ctx.environment,
      cluster,
      alerts.map((a) => a.id),
    );
    const created = await createCase(
      ctx.environment,
      { ...body, case_type: caseTypeForAlert(cluster.alerts[0]!.alert_type), actor_id: ctx.analyst.id },
      idempotencyKey,
    );
    redirect(`/cases/${encodeURIComponent(created.case_id)}`);
  });
