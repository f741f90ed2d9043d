import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

// Child processes of the global setup (API, console build, console server). Each runs in its own
// process group so teardown stops it with everything it spawned (next build's workers), and its
// output goes to a log file kept after the run (test-results/e2e-servers/) for post-mortems.

export type Server = {
  name: string;
  process: ChildProcess;
  /** Resolves with the exit code (or 128 + signal) once the process has exited. */
  exited: Promise<number>;
  exitCode: number | undefined;
  log: string;
  /** Resolves with the first output line that matches, rejects when the process exits first. */
  waitForLine: (pattern: RegExp, timeoutMs: number, what: string) => Promise<string>;
};

const started = new Set<Server>();

export function startProcess(
  name: string,
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; log: string },
): Server {
  const out = fs.openSync(opts.log, "a");
  const proc = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const listeners = new Set<(line: string) => void>();
  let pending = "";
  const onData = (chunk: Buffer) => {
    fs.writeSync(out, chunk);
    pending += chunk.toString("utf8");
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) for (const listener of listeners) listener(line);
  };
  proc.stdout?.on("data", onData);
  proc.stderr?.on("data", onData);

  const server: Server = {
    name,
    process: proc,
    exitCode: undefined,
    log: opts.log,
    exited: new Promise<number>((resolve) => {
      proc.once("error", (err) => {
        fs.writeSync(out, `\n[e2e] cannot start ${command}: ${err.message}\n`);
        server.exitCode = 127;
        resolve(127);
      });
      proc.once("close", (code, signal) => {
        server.exitCode = code ?? (signal ? 128 + 15 : 1);
        started.delete(server);
        try {
          fs.closeSync(out);
        } catch {
          /* already closed */
        }
        resolve(server.exitCode);
      });
    }),
    waitForLine: (pattern, timeoutMs, what) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => done(new Error(`${what}: not seen within ${Math.round(timeoutMs / 1000)} s (log: ${opts.log})`)),
          timeoutMs,
        );
        const listener = (line: string) => {
          if (pattern.test(line)) done(undefined, line);
        };
        const done = (error?: Error, line?: string) => {
          clearTimeout(timer);
          listeners.delete(listener);
          if (error) reject(error);
          else resolve(line as string);
        };
        listeners.add(listener);
        void server.exited.then((code) => done(new Error(`${what}: the ${name} exited with code ${code} first (log: ${opts.log})`)));
      }),
  };
  started.add(server);
  return server;
}

/** SIGTERM to the process group, SIGKILL after `graceMs`. */
export async function stopProcess(server: Server, graceMs = 10_000): Promise<void> {
  if (server.exitCode !== undefined || server.process.pid === undefined) return;
  const group = -server.process.pid;
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(group, sig);
    } catch {
      /* already gone */
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), graceMs);
  await server.exited;
  clearTimeout(timer);
  // Children that outlived their parent (a build worker) go too.
  signal("SIGKILL");
}

// If the runner dies without running the teardown, leave no server behind on the suite's ports.
process.once("exit", () => {
  for (const server of started) {
    try {
      if (server.process.pid) process.kill(-server.process.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
});

/** Runs a command to completion; returns its exit code and stdout. */
export function runCommand(
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const proc = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    proc.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    proc.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    proc.once("error", (err) => resolve({ code: 127, stdout, stderr: `${stderr}${err.message}` }));
    proc.once("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
