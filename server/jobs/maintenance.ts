import { sql } from "drizzle-orm";
import type { JobHandler } from "./runner";
import { purgeExpiredKeys } from "../http/idempotency/store";
import { purgeOldSessions } from "../domain/analysts/sessions";

const HOUR = 3_600_000;

/** Periodic housekeeping jobs of the platform. Later areas add their own (retention, webhooks). */
export const maintenanceJobs: Record<string, JobHandler> = {
  "idempotency.purge": {
    everyMs: HOUR,
    run: async (_payload, { db, log }) => {
      let total = 0;
      for (let n = await purgeExpiredKeys(db); n > 0; n = await purgeExpiredKeys(db)) total += n;
      if (total > 0) log.info({ purged: total }, "expired idempotency keys purged");
    },
  },
  "sessions.purge": {
    everyMs: 24 * HOUR,
    run: async (_payload, { db }) => {
      await purgeOldSessions(db);
    },
  },
  "jobs.purge": {
    everyMs: HOUR,
    run: async (_payload, { db }) => {
      // Finished jobs are kept a week for inspection, then removed.
      await db.execute(sql`delete from jobs where state in ('done', 'failed') and finished_at < now() - interval '7 days'`);
    },
  },
};
