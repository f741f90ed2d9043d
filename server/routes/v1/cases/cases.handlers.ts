import type { Context } from "hono";
import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import type { AppEnv } from "../../../http/context";
import { ApiError } from "../../../core/errors";
import { idempotent } from "../../../http/idempotency/idempotent";
import { expectedVersion, setEtag } from "../../../http/if-match";
import { claimNextCase, createCase, updateCase, type CaseCtx, type UpdateCaseInput } from "../../../domain/cases/cases";
import { holdCaseResolution } from "../../../domain/cases/four-eyes";
import { getCase, listCases } from "../../../domain/cases/query";
import { claimCaseRoute, createCaseRoute, getCaseRoute, listCasesRoute, updateCaseRoute } from "./cases.routes";

function ctxOf(c: Context<AppEnv>): CaseCtx {
  return { scope: keyScope(c), jobs: c.get("deps").jobs, defaultActor: c.get("key")!.keyId };
}

export const casesRouter = createRouter()
  .openapi(createCaseRoute, async (c) => {
    const body = c.req.valid("json");
    const ctx = ctxOf(c);
    return idempotent(c, { surface: "a" }, async (db) => ({
      status: 201,
      body: await createCase(db, ctx, {
        title: body.title,
        caseType: body.case_type,
        transactionIds: body.transaction_ids,
        userId: body.user_id,
        severity: body.severity,
        notes: body.notes,
        assigneeId: body.assignee_id,
        actorId: body.actor_id,
        alertId: body.alert_id,
        alertIds: body.alert_ids,
        snapshot: body.snapshot,
      }),
    }));
  })
  .openapi(listCasesRoute, async (c) => {
    const q = c.req.valid("query");
    const page = await listCases(c.get("db"), ctxOf(c).scope, {
      status: q.status,
      severity: q.severity,
      caseType: q.case_type,
      assigneeId: q.assignee_id,
      userId: q.user_id,
      alertId: q.alert_id,
      slaState: q.sla_state,
      startTime: q.start_time,
      endTime: q.end_time,
      sort: q.sort,
      limit: q.limit,
      after: q.after,
    });
    return c.json(page, 200);
  })
  .openapi(claimCaseRoute, async (c) => {
    const body = c.req.valid("json");
    const ctx = ctxOf(c);
    return idempotent(c, { surface: "a" }, async (db) => {
      const claimed = await claimNextCase(db, ctx, {
        assigneeId: body.assignee_id,
        actorId: body.actor_id,
        caseType: body.case_type,
        snapshot: body.snapshot,
      });
      if (!claimed) throw new ApiError("resource_not_found", "No unassigned open case is waiting to be claimed.");
      return { status: 200, body: claimed };
    });
  })
  .openapi(getCaseRoute, async (c) => {
    const resource = await getCase(c.get("db"), ctxOf(c).scope, c.req.valid("param").id);
    setEtag(c, resource.version);
    return c.json(resource, 200);
  })
  .openapi(updateCaseRoute, async (c) => {
    const body = c.req.valid("json");
    const input: UpdateCaseInput = {
      expectedVersion: expectedVersion(c),
      status: body.status,
      notes: body.notes,
      assigneeId: body.assignee_id,
      assignmentReason: body.assignment_reason,
      transactionIds: body.transaction_ids,
      severity: body.severity,
      alertIds: body.alert_ids,
      resolution: body.resolution,
      actorId: body.actor_id,
      snapshot: body.snapshot,
    };
    const id = c.req.valid("param").id;
    const held = await holdCaseResolution(c.get("db"), ctxOf(c), id, input, body);
    if (held) return c.json(held, 202);
    const resource = await updateCase(c.get("db"), ctxOf(c), id, input);
    setEtag(c, resource.version);
    return c.json(resource, 200);
  });
