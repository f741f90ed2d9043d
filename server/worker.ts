import { loadEnv } from "./config/env";
import { buildDeps, closeDeps } from "./deps";
import { JobRunner } from "./jobs/runner";
import { jobHandlers } from "./job-handlers";
import { DatabaseUnreachableError } from "./db/reachable";

// A job-only process for scale-out on PostgreSQL: any number of these share the queue with the
// API processes (FOR UPDATE SKIP LOCKED). On PGlite the API's in-process runner does this work.
const config = loadEnv();
if (!config.DATABASE_URL) {
  process.stderr.write(
    "argus worker: DATABASE_URL is not set. On the embedded database the API runs jobs itself; " +
      "separate workers need PostgreSQL (set DATABASE_URL).\n",
  );
  process.exit(1);
}
const deps = await buildDeps(config, { defaultMetrics: true }).catch((err: unknown) => {
  if (!(err instanceof DatabaseUnreachableError)) throw err;
  process.stderr.write(`argus worker: ${err.message}\n`);
  process.exit(1);
});
const runner = new JobRunner(deps.database.db, deps.jobs, jobHandlers(deps), deps.logger);
await runner.start();
deps.logger.info("worker started");
const stop = async () => {
  await runner.stop();
  await closeDeps(deps);
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
