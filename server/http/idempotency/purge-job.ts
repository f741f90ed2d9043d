import type { JobHandler } from "../../jobs/runner";
import { purgeExpiredKeys } from "./store";

/** Idempotency keys are kept 24 hours; the expired ones are removed hourly, in batches. */
export const idempotencyJobs: Record<string, JobHandler> = {
  "idempotency.purge": {
    everyMs: 3_600_000,
    run: async (_payload, { db, log }) => {
      let total = 0;
      for (let n = await purgeExpiredKeys(db); n > 0; n = await purgeExpiredKeys(db)) total += n;
      if (total > 0) log.info({ purged: total }, "expired idempotency keys purged");
    },
  },
};
