import net from "node:net";
import { describeExit, type Child } from "./children";

/**
 * The address to connect to for a listen host: a wildcard listen address is reached through
 * loopback, and an IPv6 literal needs brackets inside a URL.
 */
export function connectHost(listenHost: string): string {
  if (listenHost === "0.0.0.0" || listenHost === "") return "127.0.0.1";
  if (listenHost === "::" || listenHost === "[::]") return "[::1]";
  if (listenHost.includes(":") && !listenHost.startsWith("[")) return `[${listenHost}]`;
  return listenHost;
}

export function httpUrl(listenHost: string, port: number): string {
  return `http://${connectHost(listenHost)}:${port}`;
}

/** Whether something already accepts connections on host:port (used to explain a taken port up front). */
export function portInUse(listenHost: string, port: number, timeoutMs = 1000): Promise<boolean> {
  const host = connectHost(listenHost).replace(/^\[|\]$/g, "");
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (used: boolean) => {
      socket.destroy();
      resolve(used);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

// Ports this process has handed out: the OS may offer a port again as soon as its probe closes,
// so two children started together could otherwise be given the same one.
const handedOut = new Set<number>();

/**
 * A port the OS reports free right now on host, never one this process handed out before
 * (another process may still take it before we do).
 */
export async function freePort(host = "127.0.0.1", probe = probeFreePort): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = await probe(host);
    if (!handedOut.has(port) || attempt >= 50) {
      handedOut.add(port);
      return port;
    }
  }
}

function probeFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no port assigned"))));
    });
  });
}

export class WaitError extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `url` until `accept(status)` holds. Fails with a clear message on timeout, or at once
 * when `child` exits first (a locked data folder, a taken port, a bad environment).
 */
export async function waitForHttp(
  url: string,
  opts: { timeoutMs: number; child?: Child; what: string; accept?: (status: number) => boolean; intervalMs?: number },
): Promise<void> {
  const accept = opts.accept ?? ((s) => s >= 200 && s < 300);
  const deadline = Date.now() + opts.timeoutMs;
  let last: string;
  for (;;) {
    if (opts.child?.exit) {
      throw new WaitError(`${opts.what}: the process ${describeExit(opts.child.exit)} before ${url} answered (see its output above).`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer().catch(() => undefined);
      if (accept(res.status)) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    if (Date.now() >= deadline) {
      throw new WaitError(`${opts.what}: ${url} did not become ready within ${Math.round(opts.timeoutMs / 1000)} s (last: ${last}).`);
    }
    const waiting = opts.child ? Promise.race([sleep(opts.intervalMs ?? 250), opts.child.exited]) : sleep(opts.intervalMs ?? 250);
    await waiting;
  }
}
