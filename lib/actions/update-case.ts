"use server";

import { returnServerError } from "next-safe-action";
import { getCase, updateCase } from "../api/cases";
import { caseSnapshot } from "../api/snapshots";
import { hasRole } from "../auth/roles";
import { RESOLUTION_REQUIRED, resolutionFitsStatus, UpdateCaseInputSchema } from "../schemas/case";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import type { SafeError } from "../schemas/safe-error";
import { z } from "zod";
import { describeCaseNow } from "./case-conflict";
import { labelCaseTransactions } from "./case-labels";
import { assertEnvironment, authedAction } from "./safe-action";
import { writeOrConflict } from "./version-conflict";

// Status, note and assignment changes of a case (PATCH /v1/cases/{id}); the actor is always the
// signed-in analyst, so the audit log names who acted. The change applies to the version the
// analyst saw; if the case moved on, the audit entries after the last one they saw say how.
// Resolving needs an outcome; resolving as confirmed fraud may also label the case's transactions
// (a `block` decision with reason `confirmed_fraud` each, by the same analyst).
export const updateCaseAction = authedAction
  .metadata({ actionName: "updateCase", minRole: "analyst" })
  .inputSchema(
    UpdateCaseInputSchema.extend({
      environment: ConsoleEnvironmentSchema,
      seen_seq: z.number().int().min(0),
      label_transactions: z.boolean().optional(),
    }).refine((input) => input.status === undefined || resolutionFitsStatus(input), { message: RESOLUTION_REQUIRED, path: ["resolution"] }),
  )
  .action(async ({ parsedInput: { environment, seen_seq, label_transactions, ...input }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    // Anyone may take a case; giving it to someone else (or unassigning) is a lead's call
    // (lib/auth/README.md "Roles").
    if (input.assignee_id !== undefined && input.assignee_id !== ctx.analyst.id && !hasRole(ctx.analyst.role, "lead")) {
      returnServerError<SafeError>({
        message: "Only a lead may assign a case to someone else or unassign it.",
        code: "forbidden",
        status: 403,
      });
    }
    // What the page showed: the case at the version the change is sent against (If-Match refuses
    // any other), best effort: the change stands without it.
    const shown = await getCase(ctx.environment, input.id).catch(() => null);
    const snapshot = shown && shown.version === input.version ? caseSnapshot(shown) : null;
    const written = await writeOrConflict(
      () => updateCase(ctx.environment, ctx.analyst.id, input, snapshot),
      () => describeCaseNow(ctx.environment, ctx.analyst, input.id, seen_seq),
    );
    // Held for a second person (four-eyes): nothing changed, so nothing is labelled either.
    if (written.object === "approval") return { kase: null, held: written, labelled: 0, unlabelled: 0 };
    const kase = written;
    const label = label_transactions === true && input.resolution === "confirmed_fraud";
    const { labelled, unlabelled } = label
      ? await labelCaseTransactions(ctx.environment, ctx.analyst.id, kase)
      : { labelled: 0, unlabelled: 0 };
    return { kase, held: null, labelled, unlabelled };
  });
