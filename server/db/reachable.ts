import { connectionErrorReason, isConnectionError } from "./errors";

/** The database stayed unreachable for the whole start-up wait. */
export class DatabaseUnreachableError extends Error {}

export type StartupWait = {
  /** How long to keep trying before giving up (0: one attempt). */
  timeoutMs: number;
  /** One line per failed attempt. */
  log: (line: string) => void;
};

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 5000;

/** host:port of a PostgreSQL URL, for messages (never the credentials). */
export function databaseAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || "localhost"}:${u.port || "5432"}`;
  } catch {
    return "the configured address";
  }
}

/**
 * Runs `attempt` until it succeeds. A database that is not reachable yet (starting with its
 * host, a network not up yet) is waited for with backoff (1 s doubling to 5 s), up to a last
 * attempt at the deadline, logging one line per failed attempt; any other failure (a wrong password, a missing
 * database) is thrown at once.
 */
export async function untilReachable<T>(url: string, attempt: () => Promise<T>, wait: StartupWait): Promise<T> {
  const deadline = Date.now() + wait.timeoutMs;
  for (let delay = FIRST_DELAY_MS; ; delay = Math.min(delay * 2, MAX_DELAY_MS)) {
    try {
      return await attempt();
    } catch (err) {
      if (!isConnectionError(err)) throw err;
      const reason = `database unreachable at ${databaseAddress(url)} (${connectionErrorReason(err)})`;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new DatabaseUnreachableError(`${reason}; gave up after ${Math.round(wait.timeoutMs / 1000)} s (DATABASE_STARTUP_TIMEOUT_S)`);
      const pause = Math.min(delay, left);
      wait.log(`${reason}; retrying in ${Math.round(pause / 100) / 10} s`);
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}
