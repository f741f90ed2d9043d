import type { JobHandler } from "../../jobs/runner";
import { recordCaseBreaches } from "../cases";
import { recordAlertBreaches } from "../alerts";

/** How often the sweep looks for items past due: the longest a breach waits to be announced. */
export const SLA_SWEEP_MS = 15_000;

/**
 * The SLA sweep, a periodic durable job (one per database, re-queued after each run): records each
 * breach once, in batches until none is left. A restart resumes it; two runners cannot record one
 * breach twice (server/domain/sla/README.md, "Breaches").
 */
export const slaJobs: Record<string, JobHandler> = {
  "sla.sweep": {
    everyMs: SLA_SWEEP_MS,
    run: async (_payload, { db, queue }) => {
      while ((await recordCaseBreaches(db, queue)) > 0);
      while ((await recordAlertBreaches(db, queue)) > 0);
    },
  },
};
