"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getAlert } from "../api/alerts";
import { createCase } from "../api/cases";
import { caseTypeForAlert } from "../schemas/case";
import { ConsoleEnvironmentSchema } from "../schemas/environment";
import { assertEnvironment, authedAction } from "./safe-action";

// Opens a case for an alert, then shows it. Everything but the alert id is read here from the
// API (title, type, severity, the first 100 transactions), never taken from the browser.
export const openCaseFromAlertAction = authedAction
  .metadata({ actionName: "openCaseFromAlert", minRole: "analyst" })
  .inputSchema(
    z.object({
      alertId: z.string().min(1).max(200),
      environment: ConsoleEnvironmentSchema,
      // One per button press session: a double submit or a retry after a timeout opens one case.
      idempotencyKey: z.string().uuid(),
    }),
  )
  .action(async ({ parsedInput, ctx }) => {
    assertEnvironment(ctx.environment, parsedInput.environment);
    const alert = await getAlert(ctx.environment, parsedInput.alertId, { limit: 100 });
    const userIds = alert.user_ids.data;
    const created = await createCase(
      ctx.environment,
      {
        title: alert.summary.slice(0, 200),
        case_type: caseTypeForAlert(alert.alert_type),
        severity: alert.severity,
        transaction_ids: alert.transaction_ids.data.slice(0, 100),
        // A case names one user: only when the alert is about exactly one.
        ...(alert.affected_users === 1 && userIds[0] ? { user_id: userIds[0] } : {}),
        // The case's own record of where it came from (the API has no alert link on a case).
        notes: `Opened from alert ${alert.alert_id} (${alert.summary.slice(0, 200)}).`,
        actor_id: ctx.analyst.id,
      },
      parsedInput.idempotencyKey,
    );
    redirect(`/cases/${encodeURIComponent(created.case_id)}`);
  });
