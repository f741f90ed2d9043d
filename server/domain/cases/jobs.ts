import type { JobHandler } from "../../jobs/runner";
import type { Environment } from "../../db/schema";
import { AUTO_ASSIGN_JOB, autoAssignCase } from "./auto-assign";

/** Automatic assignment of a new case (server/domain/desk/README.md, "Assignment"). */
export const caseJobs: Record<string, JobHandler> = {
  [AUTO_ASSIGN_JOB]: {
    run: async (payload, { db, queue }) => {
      const scope = { accountId: String(payload.account_id), environment: payload.environment as Environment };
      await autoAssignCase(db, queue, scope, String(payload.case_id));
    },
  },
};
