import type { JobHandler } from "../../jobs/runner";
import { purgeOldSessions } from "./sessions";

const DAY = 24 * 3_600_000;

/** Console sessions ended or expired 90 days ago are forgotten, daily. */
export const analystJobs: Record<string, JobHandler> = {
  "sessions.purge": {
    everyMs: DAY,
    run: async (_payload, { db }) => {
      await purgeOldSessions(db);
    },
  },
};
