import type { JobHandler } from "../../jobs/runner";
import { BACKTEST_JOB } from "./backtest";
import { failBacktest, runBacktest } from "./run";

/** The backtest job: runs or resumes one backtest; after its last failed attempt the backtest is failed. */
export const backtestJobs: Record<string, JobHandler> = {
  [BACKTEST_JOB]: {
    run: async (payload, { db, job, log }) => {
      const id = String(payload.backtest_id);
      try {
        if (!(await runBacktest(db, id))) log.info({ backtest_id: id }, "backtest moved on by another runner; this one stops");
      } catch (err) {
        if (job.attempts >= job.maxAttempts)
          await failBacktest(
            db,
            id,
            `The replay failed on every attempt (${job.attempts}); the last error is in the API's log (job ${job.id}).`,
          );
        throw err;
      }
    },
  },
};
