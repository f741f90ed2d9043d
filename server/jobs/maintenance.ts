import { sql } from "drizzle-orm";
import type { JobHandler } from "./runner";

/** The job table's own housekeeping: finished jobs are kept a week for inspection, then removed. */
export const maintenanceJobs: Record<string, JobHandler> = {
  "jobs.purge": {
    everyMs: 3_600_000,
    run: async (_payload, { db }) => {
      await db.execute(sql`delete from jobs where state in ('done', 'failed') and finished_at < now() - interval '7 days'`);
    },
  },
};
