import { serve, type ServerType } from "@hono/node-server";
import { loadEnv } from "./config/env";
import { buildDeps, closeDeps } from "./deps";
import { createApp } from "./app";
import { bootstrap, ADMIN_EMAIL } from "./bootstrap";
import { startAdminChannel } from "./admin/channel";
import { JobRunner, releaseDeadRunnersJobs } from "./jobs/runner";
import { jobHandlers } from "./job-handlers";
import { DataDirLockedError } from "./db/lock";
import { DatabaseUnreachableError } from "./db/reachable";
import { setAccountRateLimit } from "./domain/accounts/accounts";
import { releaseDeadClaims } from "./http/idempotency/store";
import { planDemoHistory, runDemoHistory } from "./demo-history-start";

// Boot: configuration, database (migrated), both listeners, the admin channel (PGlite), jobs.
async function main(): Promise<void> {
  const config = loadEnv();
  let deps;
  try {
    deps = await buildDeps(config, { defaultMetrics: true });
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof DatabaseUnreachableError) {
      process.stderr.write(`argus: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = deps.logger;
  // The embedded database's thread died: every statement would fail from now on. Exit, so a
  // supervisor restarts the API; PostgreSQL inside recovers from its write-ahead log at start.
  void deps.database.failure?.then((err) => {
    log.fatal({ err }, "the embedded database stopped; exiting");
    process.exit(1);
  });

  let boot: Awaited<ReturnType<typeof bootstrap>> | undefined;
  const history = config.ARGUS_NO_BOOTSTRAP || config.ARGUS_NO_DEMO ? undefined : await planDemoHistory(deps);
  if (!config.ARGUS_NO_BOOTSTRAP) {
    boot = await bootstrap(deps);
    if (boot.adminPassword) {
      process.stdout.write(
        `\nArgus bootstrap: created the demo account and the console administrator.\n` +
          `  sign in as ${ADMIN_EMAIL} with password ${boot.adminPassword}\n` +
          `  (also in ${config.dataDir}/admin-credentials.txt, mode 0600)\n\n`,
      );
    }
  }

  // Before the listeners open: nobody signs in or calls the API while the clock reads the past.
  if (history) await runDemoHistory(deps, history, boot);

  // Before the listeners open, so a client retrying a request the dead process never answered is
  // not told its key is still in progress.
  if (deps.database.kind === "pglite") {
    const released = await releaseDeadClaims(deps.database.db);
    if (released > 0) log.warn({ keys: released }, "idempotency keys claimed by an earlier process were released");
  }

  const listeners: ServerType[] = [];
  // Requests being handled: shutdown waits for them before it closes the database.
  let inflight = 0;
  // The bindings (`env`: the Node request and response) are passed on: the body is read from them.
  const tracked = (app: ReturnType<typeof createApp>) => async (req: Request, env?: unknown) => {
    inflight++;
    try {
      return await app.fetch(req, env);
    } finally {
      inflight--;
    }
  };
  const listen = (environment: "live" | "test", port: number) =>
    new Promise<void>((resolve, reject) => {
      const server = serve({ fetch: tracked(createApp(deps, environment)), hostname: config.ARGUS_HOST, port }, (info) => {
        log.info({ environment, address: `http://${config.ARGUS_HOST}:${info.port}` }, "listening");
        resolve();
      });
      server.once("error", reject);
      // Keep-alive above common proxy idle timeouts, so load balancers don't race closed sockets.
      (server as import("node:http").Server).keepAliveTimeout = 65_000;
      listeners.push(server);
    });
  try {
    await listen("live", config.ARGUS_API_PORT);
    await listen("test", config.ARGUS_SANDBOX_API_PORT);
  } catch (err) {
    process.stderr.write(`argus: cannot listen: ${(err as Error).message}\n`);
    await closeDeps(deps);
    process.exit(1);
  }

  const closeAdmin = deps.database.kind === "pglite" ? await startAdminChannel(deps.database.db, config.dataDir, log) : undefined;
  if (deps.database.kind === "pglite") {
    const released = await releaseDeadRunnersJobs(deps.database.db);
    if (released > 0) log.warn({ jobs: released }, "jobs left running by an earlier process are due again");
  }
  const runner = config.ARGUS_NO_JOBS ? undefined : new JobRunner(deps.database.db, deps.jobs, jobHandlers(deps), log);
  await runner?.start();
  void deps.watchlists.get().catch((err) => log.error({ err }, "watchlists failed to load"));

  // First start on an empty data folder: replay the demo stream through the real API into
  // pre-production, so the console opens on alerts, cases and screenings the engine raised itself.
  if (boot?.created && boot.testKey && !config.ARGUS_NO_DEMO) {
    const { runDemo } = await import("./cli/demo");
    const testKey = boot.testKey;
    await setAccountRateLimit(deps.database.db, boot.accountId, 100_000);
    void runDemo({
      baseUrl: `http://${config.ARGUS_HOST}:${config.ARGUS_SANDBOX_API_PORT}`,
      key: testKey,
      actorId: boot.adminId,
      log: (line) => log.info(line),
    })
      .then((s) => log.info({ requests: s.requests, alerts: s.alerts, cases: s.cases.length }, "demo traffic replayed into pre-production"))
      .catch((err) => log.error({ err }, "demo traffic failed"));
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const closed = Promise.all(listeners.map((s) => new Promise<void>((r) => s.close(() => r()))));
    for (const s of listeners) (s as import("node:http").Server).closeIdleConnections?.();
    const deadline = Date.now() + 10_000;
    while (inflight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const s of listeners) (s as import("node:http").Server).closeAllConnections?.();
    await closed;
    await runner?.stop();
    await closeAdmin?.();
    await closeDeps(deps);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

await main();
