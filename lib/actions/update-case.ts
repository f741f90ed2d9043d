"use server";

import { randomUUID } from "node:crypto";
import { returnServerError } from "next-safe-action";
import { updateCase } from "../api/cases";
import { createTransactionDecision } from "../api/decisions";
import { hasRole } from "../auth/roles";
import { RESOLUTION_REQUIRED, resolutionFitsStatus, UpdateCaseInputSchema } from "../schemas/case";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import type { SafeError } from "../schemas/safe-error";
import { z } from "zod";
import { describeCaseNow } from "./case-conflict";
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
    const kase = await writeOrConflict(
      () => updateCase(ctx.environment, ctx.analyst.id, input),
      () => describeCaseNow(ctx.environment, ctx.analyst, input.id, seen_seq),
    );
    const label = label_transactions === true && input.resolution === "confirmed_fraud";
    const outcomes = label
      ? await Promise.allSettled(
          kase.transaction_ids.map((transactionId) =>
            createTransactionDecision(
              ctx.environment,
              ctx.analyst.id,
              {
                transaction_id: transactionId,
                decision: "block",
                reason: "confirmed_fraud",
                notes: `Confirmed fraud in case ${kase.case_id}.`,
              },
              randomUUID(),
            ),
          ),
        )
      : [];
    return {
      kase,
      labelled: outcomes.filter((o) => o.status === "fulfilled").length,
      unlabelled: outcomes.filter((o) => o.status === "rejected").length,
    };
  });
