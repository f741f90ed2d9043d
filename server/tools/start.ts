// `npm start`: the whole product on one machine. Builds the console when its build is missing or
// stale, starts the API, waits until it is ready (its database is reachable), then starts the
// console against it. Both children's output is prefixed; a signal stops both; if either exits,
// the other is stopped and `npm start` exits with the same status, so a supervisor sees it.
//
// Environment (all optional): ARGUS_HOST, ARGUS_API_PORT, ARGUS_SANDBOX_API_PORT, PORT (console),
// ARGUS_DATA_DIR, ARGUS_API_URL / ARGUS_SANDBOX_API_URL (how the console reaches the API),
// ARGUS_START_TIMEOUT (seconds to wait for the API, default 120), and everything the API reads.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { consoleBuildReason } from "./lib/console-build";
import { describeExit, exitStatus, startChild, stopChild, type StartedChild } from "./lib/children";
import { httpUrl, portInUse, waitForHttp, WaitError } from "./lib/net";
import { API_NODE_FLAGS } from "./lib/node-flags";

const root = fileURLToPath(new URL("../..", import.meta.url));
const say = (line: string) => process.stdout.write(`[start] ${line}\n`);
const complain = (line: string) => process.stderr.write(`[start] ${line}\n`);

function portFrom(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  // Port 0 (any free port) is refused: the console must know where the API listens.
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    complain(`${name}=${raw} is not a port number (1-65535).`);
    process.exit(2);
  }
  return port;
}

const host = process.env.ARGUS_HOST?.trim() || "127.0.0.1";
const apiPort = portFrom("ARGUS_API_PORT", 4000);
const sandboxPort = portFrom("ARGUS_SANDBOX_API_PORT", 4001);
const consolePort = portFrom("PORT", 3000);
const dataDir = path.resolve(process.env.ARGUS_DATA_DIR?.trim() || ".data");
const timeoutS = Number(process.env.ARGUS_START_TIMEOUT || 120);
const readyTimeoutMs = (Number.isFinite(timeoutS) && timeoutS > 0 ? timeoutS : 120) * 1000;
const apiUrl = httpUrl(host, apiPort);
const sandboxUrl = httpUrl(host, sandboxPort);
const consoleUrl = httpUrl(host, consolePort);

// Both children get the data folder as an absolute path, so they agree on it whatever their cwd.
// A self-hosted fraud platform should not phone home by default: NEXT_TELEMETRY_DISABLED=0 allows it.
const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  ARGUS_DATA_DIR: dataDir,
  NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1",
};

const children: StartedChild[] = [];
let current: StartedChild | undefined; // the build, while it runs
let stopping = false;

async function stopAll(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  await Promise.all([...children, ...(current ? [current] : [])].map((c) => stopChild(c, 10_000, signal)));
}

// Ctrl+C in a terminal reaches the children too (same process group); forwarding it as well is
// harmless (the API ignores a second signal) and is what makes `kill <npm start pid>` work.
// A second signal while stopping kills whatever is left.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) {
      complain(`${signal} again: killing the remaining processes.`);
      for (const c of [...children, ...(current ? [current] : [])]) if (!c.exit) c.process.kill("SIGKILL");
      process.exit(130);
    }
    stopping = true;
    say(`${signal} received: stopping.`);
    void stopAll(signal).then(() => {
      // Stopping on request is a clean exit: 0, or the status of dying from that very signal
      // (next start exits 128 + n on its own).
      const clean = [0, exitStatus({ code: null, signal })];
      const failed = children.find((c) => c.exit && !clean.includes(exitStatus(c.exit)));
      process.exit(failed?.exit ? exitStatus(failed.exit) : 0);
    });
  });
}

/** Builds the console if needed; exits on failure. */
async function buildConsole(): Promise<void> {
  const reason = consoleBuildReason(root);
  if (!reason) {
    say("console build is up to date.");
    return;
  }
  say(`building the console: ${reason}. This takes a minute or two.`);
  const started = Date.now();
  current = startChild("next build", path.join(root, "node_modules/.bin/next"), ["build"], { cwd: root, env: childEnv, prefix: "[build]" });
  const exit = await current.exited;
  current = undefined;
  // Interrupted: the signal handler is stopping everything and exits; go no further.
  if (stopping) return new Promise(() => {});
  if (exitStatus(exit) !== 0) {
    complain(`the console build failed (next build ${describeExit(exit)}). Fix the error above and run npm start again.`);
    process.exit(exitStatus(exit));
  }
  say(`console built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** Fails early with a useful message when a port is taken, typically by another Argus. */
async function checkPorts(): Promise<void> {
  const ports: [string, number][] = [
    ["ARGUS_API_PORT", apiPort],
    ["ARGUS_SANDBOX_API_PORT", sandboxPort],
    ["PORT", consolePort],
  ];
  const taken: string[] = [];
  for (const [name, port] of ports) if (await portInUse(host, port)) taken.push(`${port} (${name})`);
  if (taken.length > 0) {
    complain(`port ${taken.join(", ")} on ${host} is already in use, perhaps by another npm start.`);
    complain("Stop that process, or choose other ports with ARGUS_API_PORT, ARGUS_SANDBOX_API_PORT and PORT.");
    process.exit(1);
  }
}

/** When either child exits on its own, stop the other and exit with the same status. */
function superviseExits(): void {
  for (const child of children) {
    void child.exited.then(async (exit) => {
      if (stopping) return;
      stopping = true;
      const others = children.filter((c) => c !== child && !c.exit);
      complain(
        `the ${child.name} ${describeExit(exit)}${others.length ? `; stopping the ${others.map((c) => c.name).join(" and ")}` : ""}.`,
      );
      await Promise.all(others.map((c) => stopChild(c)));
      process.exit(exitStatus(exit));
    });
  }
}

function summary(): string {
  const credentials = path.join(dataDir, "admin-credentials.txt");
  const admin = fs.existsSync(credentials)
    ? `${credentials} (e-mail and password of the console administrator)`
    : `not in ${dataDir}: the administrator was created earlier and the file removed (npm run users -- add … adds analysts)`;
  const storage = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${dataDir}`;
  const wildcard = host === "0.0.0.0" || host === "::" || host === "[::]";
  return [
    "",
    `Argus is running${wildcard ? ` (listening on every interface, ${host})` : ""}.`,
    `  Console                 ${consoleUrl}`,
    `  API, production         ${apiUrl}`,
    `  API, pre-production     ${sandboxUrl}`,
    `  API reference           ${apiUrl}/docs`,
    `  Admin credentials       ${admin}`,
    `  Storage                 ${storage}`,
    "  Press Ctrl+C to stop.",
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  await checkPorts();
  await buildConsole();

  const api = startChild("API", process.execPath, [...API_NODE_FLAGS, "--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: childEnv,
    prefix: "[api]",
  });
  children.push(api);
  say(`starting the API (${apiUrl}, ${sandboxUrl}); waiting for ${apiUrl}/readyz …`);
  try {
    await waitForHttp(`${apiUrl}/readyz`, { timeoutMs: readyTimeoutMs, child: api, what: "the API" });
  } catch (err) {
    if (stopping) return;
    stopping = true;
    complain(err instanceof WaitError ? err.message : String(err));
    if (api.exit) process.exit(exitStatus(api.exit) || 1);
    complain("Raise ARGUS_START_TIMEOUT (seconds) if the machine is just slow.");
    await stopChild(api);
    process.exit(1);
  }
  if (stopping) return;

  const consoleEnv: NodeJS.ProcessEnv = {
    ...childEnv,
    PORT: String(consolePort),
    ARGUS_API_URL: process.env.ARGUS_API_URL || apiUrl,
    ARGUS_SANDBOX_API_URL: process.env.ARGUS_SANDBOX_API_URL || sandboxUrl,
  };
  const web = startChild("console", path.join(root, "node_modules/.bin/next"), ["start", "-p", String(consolePort), "-H", host], {
    cwd: root,
    env: consoleEnv,
    prefix: "[console]",
  });
  children.push(web);
  superviseExits();

  try {
    // Any HTTP answer means the console is serving; its pages may still depend on the API.
    await waitForHttp(consoleUrl, { timeoutMs: 60_000, child: web, what: "the console", accept: () => true });
  } catch (err) {
    if (web.exit || stopping) return; // superviseExits reports and exits
    complain(`${(err as Error).message} It may still come up; the API is running.`);
  }
  if (!stopping) process.stdout.write(summary());
}

await main();
