import path from "node:path";
import { startChild, type StartedChild } from "../tools/lib/children";
import { freePort, waitForHttp } from "../tools/lib/net";

// API and worker processes for the tests that need real ones (a kill, a lost connection), started
// as `npm run api` / `npm run worker` start them, their output captured.

export const root = path.resolve(import.meta.dirname, "../..");

/** Our environment minus anything that would point a child elsewhere, plus `extra`. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith("ARGUS_") || k === "DATABASE_URL" || k === "REDIS_URL") delete env[k];
  return { ...env, ARGUS_NO_DEMO: "1", ...extra };
}

export type ApiProcess = { child: StartedChild; base: string; testBase: string; env: NodeJS.ProcessEnv };

/**
 * Starts `server/main.ts` on free ports (`base`: its live listener, `testBase`: its pre-production
 * one); `ready` waits for /readyz. A port taken between the probe and the child's listen (another
 * test file's process) means new ports and another start.
 */
export async function startApiProcess(extra: Record<string, string>, opts: { ready?: boolean; name?: string } = {}): Promise<ApiProcess> {
  for (let attempt = 1; ; attempt++) {
    const env = childEnv({ ARGUS_API_PORT: String(await freePort()), ARGUS_SANDBOX_API_PORT: String(await freePort()), ...extra });
    const child = startChild(opts.name ?? "API", process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: root,
      env,
      capture: true,
    });
    const base = `http://127.0.0.1:${env.ARGUS_API_PORT}`;
    const started = { child, base, testBase: `http://127.0.0.1:${env.ARGUS_SANDBOX_API_PORT}`, env };
    if (opts.ready === false) return started;
    try {
      await waitForHttp(`${base}/readyz`, { timeoutMs: 60_000, child, what: opts.name ?? "the API" });
      return started;
    } catch (err) {
      const portTaken = child.exit !== undefined && /cannot listen: .*EADDRINUSE/.test(child.errors());
      if (!portTaken || attempt >= 3 || "ARGUS_API_PORT" in extra) throw err;
    }
  }
}

/** Starts `server/worker.ts` with the same environment as an API process. */
export function startWorkerProcess(env: NodeJS.ProcessEnv): StartedChild {
  return startChild("worker", process.execPath, ["--import", "tsx", "server/worker.ts"], { cwd: root, env, capture: true });
}
