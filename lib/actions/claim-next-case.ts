"use server";

import { redirect } from "next/navigation";
import { returnServerError } from "next-safe-action";
import { claimCase } from "../api/cases";
import { ApiError } from "../api/errors";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import type { SafeError } from "../schemas/safe-error";
import { z } from "zod";
import { assertEnvironment, authedAction } from "./safe-action";

// "Next case": the API atomically assigns the most urgent open, unassigned case to the signed-in
// analyst (two analysts never get the same one); the console then opens it.
export const claimNextCaseAction = authedAction
  .metadata({ actionName: "claimNextCase", minRole: "analyst" })
  .inputSchema(z.object({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput, ctx }) => {
    assertEnvironment(ctx.environment, parsedInput.environment);
    let caseId: string;
    try {
      caseId = (await claimCase(ctx.environment, ctx.analyst.id)).case_id;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        returnServerError<SafeError>({
          message: "No open, unassigned case is waiting.",
          code: "no_case_waiting",
          status: 404,
          requestId: error.requestId,
        });
      }
      throw error;
    }
    redirect(`/cases/${encodeURIComponent(caseId)}`);
  });
