import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import { fileURLToPath } from "node:url";
import type { FullConfig } from "@playwright/test";
import { consoleBuildReason } from "../../server/tools/lib/console-build";
import { API_PORT, API_URL, CONSOLE_PORT, CONSOLE_URL, DIST_DIR, HOST, SANDBOX_API_PORT, SANDBOX_API_URL } from "./ports";
import { startProcess, stopProcess, type Server } from "./processes";
import { addUser, ISOLATED_VARIABLES } from "./users";
import { STATE_ENV, type E2eState } from "./state";

// The world the specs run in, started the way `npm start` starts Argus (server/tools/start.ts):
//   1. a fresh data folder (embedded PGlite: the e2e never touches TEST_DATABASE_URL's database);
//   2. the API on its own ports; its first start bootstraps the demo account, the admin and
//      console.env, replays 14 days of demo history (server/cli/demo-history/) and then today's
//      demo traffic into pre-production (server/main.ts);
//   3. meanwhile the console is built into .next-e2e (skipped when newer than its sources);
//   4. once the demo traffic is done and detection raised alerts: a lead and an analyst
//      (`npm run users -- add`), then `next start` against this API.
// The function it returns is the global teardown: it stops everything and removes the folder.

const root = fileURLToPath(new URL("../..", import.meta.url));
const say = (line: string) => process.stdout.write(`[e2e setup] ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const DEMO_TIMEOUT_MS = 6 * 60_000;
const BUILD_TIMEOUT_MS = 12 * 60_000;

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    const done = (free: boolean) => {
      socket.destroy();
      resolve(free);
    };
    socket.setTimeout(1000, () => done(true));
    socket.once("connect", () => done(false));
    socket.once("error", () => done(true));
  });
}

async function waitForHttp(url: string, server: Server, timeoutMs: number, accept: (status: number) => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (server.exitCode !== undefined)
      throw new Error(`the ${server.name} exited with code ${server.exitCode} before ${url} answered (log: ${server.log})`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: "manual" });
      await res.arrayBuffer().catch(() => undefined);
      if (accept(res.status)) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await sleep(300);
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s (last: ${last}; log: ${server.log})`);
}

function readEnvFile(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/i.exec(line);
    if (match && !line.trimStart().startsWith("#")) values[match[1] as string] = match[2] as string;
  }
  return values;
}

/** Polls pre-production's alerts until detection has raised some (the demo waits for them too). */
async function waitForAlerts(testKey: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${SANDBOX_API_URL}/v1/alerts?limit=100`, { headers: { Authorization: `Bearer ${testKey}` } });
    if (res.ok) {
      const body = (await res.json()) as { data?: unknown[] };
      if ((body.data?.length ?? 0) > 0) return body.data?.length ?? 0;
    }
    await sleep(1000);
  }
  throw new Error(`no alert in pre-production ${Math.round(timeoutMs / 1000)} s after the demo traffic`);
}

async function build(env: NodeJS.ProcessEnv, logDir: string): Promise<void> {
  const reason = consoleBuildReason(root, DIST_DIR);
  if (!reason) {
    say(`console build in ${DIST_DIR} is up to date.`);
    return;
  }
  say(`building the console into ${DIST_DIR}: ${reason}.`);
  const startedAt = Date.now();
  const next = startProcess("console build", process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    env,
    log: path.join(logDir, "build.log"),
  });
  const timer = setTimeout(() => void stopProcess(next, 2000), BUILD_TIMEOUT_MS);
  const code = await next.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`next build failed with code ${code}: see ${next.log}`);
  // Date the build by when it started: a source saved during the build makes the next run rebuild.
  const buildId = path.join(root, DIST_DIR, "BUILD_ID");
  fs.utimesSync(buildId, new Date(startedAt), new Date(startedAt));
  say(`console built in ${Math.round((Date.now() - startedAt) / 1000)} s.`);
}

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  // Servers already started by e2e/support/serve.ts (E2E_STATE_FILE set):
  // reuse them and leave them running, so a spec can be re-run in seconds while writing it.
  const reused = process.env[STATE_ENV];
  if (reused && fs.existsSync(reused)) {
    say(`reusing the servers described in ${reused}.`);
    return async () => {};
  }
  return startWorld();
}

/** Starts everything; resolves with the function that stops it again. */
export async function startWorld(): Promise<() => Promise<void>> {
  const began = Date.now();
  for (const port of [API_PORT, SANDBOX_API_PORT, CONSOLE_PORT]) {
    if (!(await portFree(port))) {
      throw new Error(
        `port ${port} on ${HOST} is in use (another e2e run?). Stop it, or set E2E_API_PORT, E2E_SANDBOX_API_PORT, E2E_CONSOLE_PORT.`,
      );
    }
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-e2e-"));
  const logDir = path.join(root, "test-results", "e2e-servers");
  fs.rmSync(logDir, { recursive: true, force: true });
  fs.mkdirSync(logDir, { recursive: true });

  // The children never see the shared test database or Redis: PGlite in the fresh folder only.
  const env: NodeJS.ProcessEnv = { ...process.env, ARGUS_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", ARGUS_NEXT_DIST_DIR: DIST_DIR };
  for (const name of ISOLATED_VARIABLES) delete env[name];

  const servers: Server[] = [];
  const teardown = async () => {
    say("stopping the console and the API.");
    await Promise.all([...servers].reverse().map((s) => stopProcess(s)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const api = startProcess("API", process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: root,
      env: { ...env, ARGUS_HOST: HOST, ARGUS_API_PORT: String(API_PORT), ARGUS_SANDBOX_API_PORT: String(SANDBOX_API_PORT) },
      log: path.join(logDir, "api.log"),
    });
    servers.push(api);
    const demoDone = api.waitForLine(/demo traffic (replayed|failed)/, DEMO_TIMEOUT_MS, "the demo traffic");
    // Keep a rejection that arrives while the build runs from going unhandled.
    demoDone.catch(() => undefined);
    say(`API starting on ${API_URL} and ${SANDBOX_API_URL} (data: ${dataDir}).`);

    await build(env, logDir);
    await waitForHttp(`${API_URL}/readyz`, api, 120_000, (s) => s >= 200 && s < 300);
    const demoLine = await demoDone;
    if (/demo traffic failed/.test(demoLine)) throw new Error(`the demo traffic failed: see ${api.log}`);

    const consoleEnv = readEnvFile(path.join(dataDir, "console.env"));
    const admin = readEnvFile(path.join(dataDir, "admin-credentials.txt"));
    const secrets = {
      liveKey: consoleEnv.ARGUS_CONSOLE_LIVE_KEY ?? "",
      testKey: consoleEnv.ARGUS_CONSOLE_TEST_KEY ?? "",
      consoleSecret: consoleEnv.ARGUS_CONSOLE_SECRET ?? "",
    };
    if (!secrets.liveKey || !secrets.testKey || !secrets.consoleSecret || !admin.email || !admin.password) {
      throw new Error(`the API's bootstrap did not write console.env and admin-credentials.txt in ${dataDir}`);
    }
    const alerts = await waitForAlerts(secrets.testKey, 60_000);
    say(`demo traffic replayed; ${alerts}${alerts === 100 ? "+" : ""} alerts in pre-production.`);

    const password = () => `${randomBytes(12).toString("base64url")}-Aa1`;
    const lead = { email: "lead@argus-e2e.test", name: "Lena Lead", password: password() };
    const analyst = { email: "analyst@argus-e2e.test", name: "Arno Analyst", password: password() };
    const leadId = await addUser(dataDir, { account: "demo", role: "lead", ...lead });
    const analystId = await addUser(dataDir, { account: "demo", role: "analyst", ...analyst });

    const web = startProcess(
      "console",
      process.execPath,
      [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(CONSOLE_PORT), "-H", HOST],
      {
        cwd: root,
        // Queues check for new items every 1.5 s (not 15): e2e/queue-refresh.spec.ts waits for one.
        env: {
          ...env,
          PORT: String(CONSOLE_PORT),
          ARGUS_API_URL: API_URL,
          ARGUS_SANDBOX_API_URL: SANDBOX_API_URL,
          ARGUS_QUEUE_REFRESH_MS: env.ARGUS_QUEUE_REFRESH_MS ?? "1500",
        },
        log: path.join(logDir, "console.log"),
      },
    );
    servers.push(web);
    await waitForHttp(`${CONSOLE_URL}/sign-in`, web, 60_000, (s) => s === 200);

    const state: E2eState = {
      dataDir,
      consoleUrl: CONSOLE_URL,
      apiUrl: API_URL,
      sandboxApiUrl: SANDBOX_API_URL,
      users: {
        admin: { email: admin.email, password: admin.password, name: "Admin" },
        lead: { ...lead, id: leadId },
        analyst: { ...analyst, id: analystId },
      },
      secrets,
    };
    const stateFile = path.join(dataDir, "e2e-state.json");
    fs.writeFileSync(stateFile, JSON.stringify(state, null, 2), { mode: 0o600 });
    process.env[STATE_ENV] = stateFile;
    say(`ready in ${Math.round((Date.now() - began) / 1000)} s: console ${CONSOLE_URL}.`);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
