// The two environments of an Argus deployment, as the console names them. The API names them by
// key type (live / test) and selects one by listener; the console picks the listener and key.
// Shared by server and client code: names and labels only, never an address or a key. No zod here
// (every page's shell imports this file); the validator is in environment-schema.ts.

export const consoleEnvironments = ["production", "pre-production"] as const;

export type ConsoleEnvironment = (typeof consoleEnvironments)[number];

export const environmentLabels: Record<ConsoleEnvironment, string> = {
  production: "Production",
  "pre-production": "Pre-production",
};

/** The API's name for the environment (`environment` field of keys, `live`/`test` key prefixes). */
export function apiEnvironmentOf(environment: ConsoleEnvironment): "live" | "test" {
  return environment === "production" ? "live" : "test";
}

export function isConsoleEnvironment(value: unknown): value is ConsoleEnvironment {
  return (consoleEnvironments as readonly unknown[]).includes(value);
}
