import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import { getAlertDetail, listAlerts, updateAlert } from "../../../domain/alerts/store";
import { serializeAlert } from "../../../domain/alerts/serialize";
import { getAlertRoute, listAlertsRoute, updateAlertRoute } from "./alerts.routes";
import { ApiError } from "../../../core/errors";
import { expectedVersion, setEtag } from "../../../http/if-match";

export const alertsRouter = createRouter()
  .openapi(listAlertsRoute, async (c) => {
    const q = c.req.valid("query");
    const startTime = q.start_time;
    const endTime = q.end_time;
    if (startTime && endTime && startTime > endTime) {
      throw new ApiError("invalid_field_value", "end_time must not be before start_time.", "end_time");
    }
    const page = await listAlerts(c.get("db"), keyScope(c), {
      status: q.status,
      severity: q.severity,
      alertType: q.alert_type,
      userId: q.user_id,
      resolution: q.resolution,
      caseId: q.case_id,
      slaState: q.sla_state,
      startTime,
      endTime,
      sort: q.sort,
      limit: q.limit,
      after: q.after,
    });
    return c.json(page, 200);
  })
  .openapi(getAlertRoute, async (c) => {
    const q = c.req.valid("query");
    const detail = await getAlertDetail(c.get("db"), keyScope(c), c.req.valid("param").id, {
      limit: q.limit,
      usersAfter: q.users_after,
      transactionsAfter: q.transactions_after,
    });
    setEtag(c, detail.version);
    return c.json(detail, 200);
  })
  .openapi(updateAlertRoute, async (c) => {
    const body = c.req.valid("json");
    const row = await updateAlert(c.get("db"), keyScope(c), c.req.valid("param").id, {
      status: body.status,
      resolution: body.resolution,
      notes: body.resolution_notes,
      actorId: body.actor_id ?? c.get("key")!.keyId,
      expectedVersion: expectedVersion(c),
    });
    setEtag(c, row.version);
    return c.json(serializeAlert(row), 200);
  });
