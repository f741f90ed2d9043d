import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { SignJWT } from "jose";
import { run, startChild, stopChild, type StartedChild } from "../tools/lib/children";
import { freePort, waitForHttp } from "../tools/lib/net";
import { API_NODE_FLAGS } from "../tools/lib/node-flags";

// One API process under benchmark, started the way `npm run api` starts it, on a fresh database
// and free ports, plus what the HTTP targets need to authenticate against it.

export const root = fileURLToPath(new URL("../..", import.meta.url));
const HOST = "127.0.0.1";
// The bootstrap account (server/bootstrap.ts): the admin analyst and the console keys live there.
const ACCOUNT = "demo";
// The highest rate limit the keys CLI accepts (server/admin/commands.ts).
const MAX_PER_MINUTE = 10_000_000;

/**
 * pglite: the embedded database, jobs in the API process (`npm start`). postgres: PostgreSQL, jobs
 * in the API process. postgres-worker: PostgreSQL with the API's job runner off and one
 * `npm run worker` process running the jobs (detection, webhooks), the production layout for
 * PostgreSQL (README.md, "Production layout").
 */
export type Backend = "pglite" | "postgres" | "postgres-worker";

export type BenchApi = {
  backend: Backend;
  url: string;
  dataDir: string;
  /** The PostgreSQL database of the postgres backends (benches that seed a large store write it directly). */
  databaseUrl?: string;
  /** A live key of the bootstrap account, every limit raised to the CLI's maximum. */
  liveKey: string;
  liveKeyId: string;
  /** The bootstrap admin analyst (sub of the console JWTs). */
  analystId: string;
  /** A fresh console JWT for the admin analyst (tokens live 15 minutes; mint one per run). */
  consoleToken: () => Promise<string>;
  /** The API process's id (its CPU is measured per run: thread-cpu.ts). */
  pid?: number;
  stop: () => Promise<void>;
};

/** Undo actions, run in reverse order by `cleanup()`, also on failure and on Ctrl+C. */
const undo: { what: string; fn: () => Promise<void> | void }[] = [];

export async function cleanup(): Promise<void> {
  while (undo.length > 0) {
    const step = undo.pop()!;
    try {
      await step.fn();
    } catch (err) {
      process.stderr.write(`bench: cleanup (${step.what}) failed: ${(err as Error).message}\n`);
    }
  }
}

function readEnvFile(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of fs.readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) values[m[1] as string] = m[2] as string;
  }
  return values;
}

/** The environment of the API and the CLIs: ours minus anything that would point them elsewhere. */
function apiEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) {
    if (k.startsWith("ARGUS_") || k === "DATABASE_URL" || k === "REDIS_URL") delete env[k];
  }
  return {
    ...env,
    ARGUS_HOST: HOST,
    ARGUS_LOG_LEVEL: "warn",
    ARGUS_NO_DEMO: "1",
    ...(process.env.BENCH_NO_JOBS ? { ARGUS_NO_JOBS: "1" } : {}),
    ...extra,
  };
}

async function keysCli(env: NodeJS.ProcessEnv, args: string[]): Promise<Record<string, unknown>> {
  const result = await run(process.execPath, ["--import", "tsx", path.join(root, "server/cli/keys.ts"), ...args, "--json"], {
    cwd: root,
    env,
    capture: true,
  });
  const line = result.stdout.trim().split("\n").pop() ?? "";
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new Error(`keys ${args[0]}: unexpected output (exit ${result.code}): ${result.stdout.trim() || "(none)"}`);
  }
  if (result.code !== 0 || parsed.error) throw new Error(`keys ${args[0]} failed: ${JSON.stringify(parsed.error ?? parsed)}`);
  return parsed;
}

/** A fresh, empty PostgreSQL database on the local server, dropped at cleanup. */
async function freshPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `argus_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  undo.push({
    what: `drop database ${name}`,
    fn: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // FORCE: an API killed mid-run may leave sessions behind.
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function startBenchApi(backend: Backend, opts: { postgresAdminUrl: string; readyTimeoutMs?: number }): Promise<BenchApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `argus-bench-${backend}-`));
  undo.push({ what: `remove ${dataDir}`, fn: () => fs.rmSync(dataDir, { recursive: true, force: true }) });
  const port = await freePort(HOST);
  const sandboxPort = await freePort(HOST);
  const extra: Record<string, string> = {
    ARGUS_DATA_DIR: dataDir,
    ARGUS_API_PORT: String(port),
    ARGUS_SANDBOX_API_PORT: String(sandboxPort),
  };
  if (backend !== "pglite") extra.DATABASE_URL = await freshPostgresDatabase(opts.postgresAdminUrl);
  if (backend === "postgres-worker") extra.ARGUS_NO_JOBS = "1";
  const env = apiEnv(extra);

  // BENCH_API_NODE_ARGS: extra node flags for the API process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child: StartedChild = startChild(
    `API (${backend})`,
    process.execPath,
    [...API_NODE_FLAGS, ...nodeArgs, "--import", "tsx", path.join(root, "server/main.ts")],
    {
      cwd: root,
      env,
      prefix: `[api:${backend}]`,
    },
  );
  const stop = async () => {
    // autocannon drops its sockets at the end of a run with requests still in the API; give
    // their handlers a moment, else they meet a closed pool during shutdown and log errors.
    if (!child.exit) await new Promise((r) => setTimeout(r, 1000));
    await stopChild(child, 10_000);
  };
  undo.push({ what: `stop the ${backend} API`, fn: stop });

  const url = `http://${HOST}:${port}`;
  await waitForHttp(`${url}/readyz`, { timeoutMs: opts.readyTimeoutMs ?? 120_000, child, what: `the ${backend} API` });
  if (backend === "postgres-worker") {
    // Started once the API has migrated the database; same environment minus the flag.
    const { ARGUS_NO_JOBS: _off, ...workerEnv } = env;
    const worker = startChild("worker", process.execPath, [...API_NODE_FLAGS, "--import", "tsx", path.join(root, "server/worker.ts")], {
      cwd: root,
      env: workerEnv,
      prefix: "[worker]",
    });
    undo.push({ what: "stop the worker", fn: async () => void (await stopChild(worker, 10_000)) });
  }

  const key = await keysCli(env, ["create", "--account", ACCOUNT, "--env", "live", "--label", "bench"]);
  await keysCli(env, ["limits", "--account", ACCOUNT, "--per-minute", String(MAX_PER_MINUTE)]);

  const consoleEnv = readEnvFile(path.join(dataDir, "console.env"));
  const secret = consoleEnv.ARGUS_CONSOLE_SECRET;
  if (!secret) throw new Error(`no ARGUS_CONSOLE_SECRET in ${dataDir}/console.env`);
  const accountId = consoleEnv.ARGUS_CONSOLE_ACCOUNT_ID;
  if (!accountId) throw new Error(`no ARGUS_CONSOLE_ACCOUNT_ID in ${dataDir}/console.env`);
  const mint = (sub: string, sid?: string) =>
    new SignJWT(sid ? { account_id: accountId, sid } : { account_id: accountId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(sub)
      .setIssuer("argus-console")
      .setAudience("argus-api")
      .setIssuedAt()
      .setExpirationTime("15m")
      .sign(new TextEncoder().encode(secret));

  // Sign in as the console does: a service token (sub "console") and the admin's credentials.
  const credentials = readEnvFile(path.join(dataDir, "admin-credentials.txt"));
  const res = await fetch(`${url}/api/v1/analysts/authenticate`, {
    method: "POST",
    headers: { authorization: `Bearer ${await mint("console")}`, "content-type": "application/json" },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  const session = (await res.json()) as { session_id?: string; analyst?: { id?: string } };
  const analystId = session.analyst?.id;
  if (!res.ok || !analystId || !session.session_id)
    throw new Error(`sign-in of the bootstrap admin failed: HTTP ${res.status} ${JSON.stringify(session)}`);

  return {
    backend,
    url,
    dataDir,
    databaseUrl: extra.DATABASE_URL,
    liveKey: String(key.key),
    liveKeyId: String(key.id),
    analystId,
    consoleToken: () => mint(analystId, session.session_id),
    pid: child.process.pid,
    stop,
  };
}
