import { fileURLToPath } from "node:url";
import { runCommand } from "./processes";

// The operators' `npm run users` against the suite's API (PGlite folder, through its admin channel).

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The variables a child of the suite never sees: the shared test database, Redis, console settings. */
export const ISOLATED_VARIABLES = [
  "TEST_DATABASE_URL",
  "DATABASE_URL",
  "REDIS_URL",
  "AUTH_SECRET",
  "ARGUS_CONSOLE_LIVE_KEY",
  "ARGUS_CONSOLE_TEST_KEY",
  "ARGUS_CONSOLE_SECRET",
  "ARGUS_CONSOLE_ACCOUNT",
  "ARGUS_CONSOLE_ACCOUNT_ID",
  "ARGUS_NO_DEMO",
  "ARGUS_NO_BOOTSTRAP",
  "PORT",
] as const;

/** Runs `npm run --silent users -- <args> --json` on the data folder; the parsed answer, or throws. */
export async function usersCli(dataDir: string, args: string[]): Promise<{ id: string; email: string; role: string; disabled: boolean }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ARGUS_DATA_DIR: dataDir };
  for (const name of ISOLATED_VARIABLES) delete env[name];
  const { code, stdout, stderr } = await runCommand("npm", ["run", "--silent", "users", "--", ...args, "--json"], { cwd: root, env });
  const last = stdout.trim().split("\n").pop() ?? "";
  let parsed: { id?: string; error?: { message?: string } } = {};
  try {
    parsed = JSON.parse(last) as typeof parsed;
  } catch {
    /* reported below */
  }
  if (code !== 0 || parsed.error || !parsed.id)
    throw new Error(`npm run users -- ${args[0]} failed (code ${code}): ${parsed.error?.message ?? (stdout + stderr).trim()}`);
  return parsed as { id: string; email: string; role: string; disabled: boolean };
}

/** Adds an analyst; `--password=…` because a generated password may start with "-". */
export async function addUser(
  dataDir: string,
  u: { account: string; role: string; email: string; name: string; password: string },
): Promise<string> {
  const added = await usersCli(dataDir, [
    "add",
    "--account",
    u.account,
    "--email",
    u.email,
    "--role",
    u.role,
    `--password=${u.password}`,
    "--name",
    u.name,
  ]);
  return added.id;
}
