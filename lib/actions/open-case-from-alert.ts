"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getAlert } from "../api/alerts";
import { activeCaseForAlert, createCase } from "../api/cases";
import { ApiError } from "../api/errors";
import { caseTypeForAlert } from "../format/case";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { fitText, TEXT_LIMITS } from "../schemas/text-limits";
import { assertEnvironment, authedAction } from "./safe-action";

// Opens a case for an alert, then shows it; when the alert already has a case that is not closed,
// shows that one instead (the API allows one at a time per alert, so two analysts pressing the
// button end up in the same case). Everything but the alert id is read here from the API (title,
// type, severity, the first 100 transactions), never taken from the browser.
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
    let caseId = (await activeCaseForAlert(ctx.environment, alert.alert_id))?.case_id;
    if (!caseId) {
      const userIds = alert.user_ids.data;
      try {
        const created = await createCase(
          ctx.environment,
          {
            // A summary longer than a title is shortened with "…", and kept whole in the note.
            title: fitText(alert.summary, TEXT_LIMITS.caseTitle),
            case_type: caseTypeForAlert(alert.alert_type),
            severity: alert.severity,
            transaction_ids: alert.transaction_ids.data.slice(0, 100),
            // A case names one user: only when the alert is about exactly one.
            ...(alert.affected_users === 1 && userIds[0] ? { user_id: userIds[0] } : {}),
            notes: fitText(`Opened from alert ${alert.alert_id} (${alert.summary}).`, TEXT_LIMITS.caseNote),
            actor_id: ctx.analyst.id,
            alert_id: alert.alert_id,
          },
          parsedInput.idempotencyKey,
        );
        caseId = created.case_id;
      } catch (err) {
        // Someone else opened it a moment ago: go to theirs.
        const taken = err instanceof ApiError && err.status === 422 && err.param === "alert_id";
        caseId = taken ? (await activeCaseForAlert(ctx.environment, alert.alert_id))?.case_id : undefined;
        if (!caseId) throw err;
      }
    }
    redirect(`/cases/${encodeURIComponent(caseId)}`);
  });
