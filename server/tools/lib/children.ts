import { spawn, type ChildProcess } from "node:child_process";
import { constants as osConstants } from "node:os";
import type { Readable, Writable } from "node:stream";

// Child-process helpers shared by `npm start`, `npm test` and `npm run bench`.

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type Child = {
  name: string;
  process: ChildProcess;
  /** Settles once when the process has exited (or failed to spawn, reported as code 127). */
  exited: Promise<Exit>;
  /** Set once the process has exited. */
  exit: Exit | undefined;
};

/** A shell-style exit status: the code, or 128 + the signal number when killed by a signal. */
export function exitStatus(exit: Exit): number {
  if (exit.code !== null) return exit.code;
  const n = exit.signal ? osConstants.signals[exit.signal] : undefined;
  return n ? 128 + n : 1;
}

export function describeExit(exit: Exit): string {
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

/**
 * Copies a stream to `out` line by line with a prefix. Lines are only written whole, so the
 * output of two children interleaves by line and never mid-line.
 */
export function pipePrefixed(stream: Readable, prefix: string, out: Writable): void {
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    if (lines.length > 0) out.write(lines.map((l) => `${prefix} ${l.replace(/\r$/, "")}\n`).join(""));
  });
  stream.on("end", () => {
    if (pending) out.write(`${prefix} ${pending}\n`);
    pending = "";
  });
}

export type StartOptions = {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Prefix for each output line, e.g. "[api]"; without it the child shares our stdout/stderr. */
  prefix?: string;
  /** Capture stdout instead of printing it (see `output`); stderr is still printed, and kept too (see `errors`). */
  capture?: boolean;
  stdin?: "ignore" | "inherit";
};

export type StartedChild = Child & { output: () => string; errors: () => string };

export function startChild(name: string, command: string, args: string[], opts: StartOptions = {}): StartedChild {
  const piped = opts.prefix !== undefined || opts.capture === true;
  const proc = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    stdio: [opts.stdin ?? "ignore", piped ? "pipe" : "inherit", piped ? "pipe" : "inherit"],
  });
  let captured = "";
  let capturedErrors = "";
  if (opts.capture && proc.stdout) {
    proc.stdout.setEncoding("utf8");
    proc.stdout.on("data", (chunk: string) => (captured += chunk));
  } else if (opts.prefix !== undefined && proc.stdout) {
    pipePrefixed(proc.stdout, opts.prefix, process.stdout);
  }
  if (opts.prefix !== undefined && proc.stderr) pipePrefixed(proc.stderr, opts.prefix, process.stderr);
  else if (opts.capture && proc.stderr) {
    proc.stderr.setEncoding("utf8");
    proc.stderr.on("data", (chunk: string) => {
      capturedErrors += chunk;
      process.stderr.write(chunk);
    });
  }

  const child: StartedChild = {
    name,
    process: proc,
    exit: undefined,
    exited: undefined as unknown as Promise<Exit>,
    output: () => captured,
    errors: () => capturedErrors,
  };
  child.exited = new Promise<Exit>((resolve) => {
    // "error" without "exit" means the command could not be started at all (ENOENT, EACCES).
    proc.once("error", (err) => {
      if (child.exit) return;
      process.stderr.write(`${name}: cannot start ${command}: ${err.message}\n`);
      child.exit = { code: 127, signal: null };
      resolve(child.exit);
    });
    // "close" rather than "exit": it fires after the child's output has been fully read.
    proc.once("close", (code, signal) => {
      if (child.exit) return;
      child.exit = { code, signal };
      resolve(child.exit);
    });
  });
  return child;
}

/** Asks a child to stop (SIGTERM), then kills it (SIGKILL) if it is still running after `graceMs`. */
export async function stopChild(child: Child, graceMs = 10_000, signal: NodeJS.Signals = "SIGTERM"): Promise<Exit> {
  if (child.exit) return child.exit;
  child.process.kill(signal);
  const timer = setTimeout(() => {
    if (!child.exit) {
      process.stderr.write(`${child.name} did not stop within ${Math.round(graceMs / 1000)} s; killing it.\n`);
      child.process.kill("SIGKILL");
    }
  }, graceMs);
  const exit = await child.exited;
  clearTimeout(timer);
  return exit;
}

/** Runs a command to completion and returns its exit; stdout is captured when `capture` is set. */
export async function run(command: string, args: string[], opts: StartOptions = {}): Promise<Exit & { stdout: string }> {
  const child = startChild(command, command, args, opts);
  const exit = await child.exited;
  return { ...exit, stdout: child.output() };
}
