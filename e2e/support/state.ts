import fs from "node:fs";

// What the global setup hands to the specs: who can sign in, and the secrets the leak test looks
// for. Written to a file in the run's data folder, named by E2E_STATE_FILE (workers inherit the
// setup's environment).

export type Role = "admin" | "lead" | "analyst";

export type Credentials = { email: string; password: string; name: string };

export type E2eState = {
  dataDir: string;
  consoleUrl: string;
  apiUrl: string;
  sandboxApiUrl: string;
  users: Record<Role, Credentials & { id?: string }>;
  /** The console's keys and secret (console.env): must never reach the browser. */
  secrets: { liveKey: string; testKey: string; consoleSecret: string };
};

export const STATE_ENV = "E2E_STATE_FILE";

let cached: E2eState | undefined;

export function readState(): E2eState {
  if (cached) return cached;
  const file = process.env[STATE_ENV];
  if (!file) throw new Error(`${STATE_ENV} is not set: run the specs through playwright.config.ts (its global setup starts the servers).`);
  cached = JSON.parse(fs.readFileSync(file, "utf8")) as E2eState;
  return cached;
}
