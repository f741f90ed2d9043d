import "server-only";

import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { parseEnvFile } from "./env-file";

// The console's configuration. Everything here is server-side: the API addresses and keys must
// never reach the browser, and `server-only` turns an accidental client import into a build error.
// Nothing is read at module load: `next build` imports this file, and the values that matter are
// the ones present when the server handles a request.

/** process.env, or any plain map of variables (tests). */
export type EnvSource = Readonly<Record<string, string | undefined>>;

const DEFAULT_API_URL = "http://127.0.0.1:4000";
const DEFAULT_SANDBOX_API_URL = "http://127.0.0.1:4001";

// An empty variable (`ARGUS_PUBLIC_API_URL=` in a unit file) means "not set", not "invalid".
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
  // Callers append paths (`${apiUrl}/v1/...`); a trailing slash would double it.
  .transform((url) => url.replace(/\/+$/, ""));

const schema = z
  .object({
    ARGUS_API_URL: z.preprocess(blankToUndefined, httpUrl.default(DEFAULT_API_URL)),
    ARGUS_SANDBOX_API_URL: z.preprocess(blankToUndefined, httpUrl.default(DEFAULT_SANDBOX_API_URL)),
    ARGUS_PUBLIC_API_URL: z.preprocess(blankToUndefined, httpUrl.optional()),
    ARGUS_PUBLIC_SANDBOX_API_URL: z.preprocess(blankToUndefined, httpUrl.optional()),
    ARGUS_DATA_DIR: z.preprocess(blankToUndefined, z.string().default(".data")),
    // The environment an analyst sees before choosing one. Pre-production by default: that is where
    // `npm start` replays its demo traffic, and where a mistake costs nothing.
    ARGUS_CONSOLE_DEFAULT_ENVIRONMENT: z.preprocess(blankToUndefined, z.enum(["production", "pre-production"]).default("pre-production")),
    // Optional single sign-on (any OpenID Connect provider): all three, or none.
    ARGUS_OIDC_ISSUER: z.preprocess(blankToUndefined, httpUrl.optional()),
    ARGUS_OIDC_CLIENT_ID: z.preprocess(blankToUndefined, z.string().optional()),
    ARGUS_OIDC_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().optional()),
    ARGUS_OIDC_NAME: z.preprocess(blankToUndefined, z.string().max(60).default("Single sign-on")),
    // How often an open queue asks whether new items arrived (its "N new" notice); short in e2e.
    ARGUS_QUEUE_REFRESH_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1000).max(600_000).default(15_000)),
  })
  .superRefine((env, ctx) => {
    const oidc = ["ARGUS_OIDC_ISSUER", "ARGUS_OIDC_CLIENT_ID", "ARGUS_OIDC_CLIENT_SECRET"] as const;
    const set = oidc.filter((name) => env[name] !== undefined);
    if (set.length > 0 && set.length < oidc.length) {
      for (const name of oidc.filter((n) => env[n] === undefined)) {
        ctx.addIssue({ code: "custom", path: [name], message: `required when ${set.join(", ")} is set (single sign-on needs all three)` });
      }
    }
  });

export type OidcConfig = { issuer: string; clientId: string; clientSecret: string; name: string };

export type ConsoleEnv = {
  /** Production API, internal address. Never sent to the browser. */
  apiUrl: string;
  /** Pre-production (sandbox) API, internal address. Never sent to the browser. */
  sandboxApiUrl: string;
  /** Address integrators use to reach the API, shown in the API reference, if configured. */
  publicApiUrl: string | undefined;
  /** Same for the sandbox; when unset, sandbox server URLs in the reference become relative. */
  publicSandboxApiUrl: string | undefined;
  /** Absolute path of the data directory shared with the API. */
  dataDir: string;
  /** What the environment switcher shows before an analyst picks one. */
  defaultEnvironment: "production" | "pre-production";
  /** Single sign-on, when configured. The client secret never leaves the server. */
  oidc: OidcConfig | undefined;
  /** Milliseconds between two checks of an open queue for new items. */
  queueRefreshMs: number;
};

export function getConsoleEnv(source: EnvSource = process.env): ConsoleEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid console environment:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return {
    apiUrl: env.ARGUS_API_URL,
    sandboxApiUrl: env.ARGUS_SANDBOX_API_URL,
    publicApiUrl: env.ARGUS_PUBLIC_API_URL,
    publicSandboxApiUrl: env.ARGUS_PUBLIC_SANDBOX_API_URL,
    dataDir: path.resolve(env.ARGUS_DATA_DIR),
    defaultEnvironment: env.ARGUS_CONSOLE_DEFAULT_ENVIRONMENT,
    queueRefreshMs: env.ARGUS_QUEUE_REFRESH_MS,
    oidc:
      env.ARGUS_OIDC_ISSUER && env.ARGUS_OIDC_CLIENT_ID && env.ARGUS_OIDC_CLIENT_SECRET
        ? {
            issuer: env.ARGUS_OIDC_ISSUER,
            clientId: env.ARGUS_OIDC_CLIENT_ID,
            clientSecret: env.ARGUS_OIDC_CLIENT_SECRET,
            name: env.ARGUS_OIDC_NAME,
          }
        : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Console credentials: the live and test API keys the console calls the API with, and the
// secret shared with the API. The API writes them to `${ARGUS_DATA_DIR}/console.env` on first
// boot so a fresh install works without copying keys around; operators may instead set them as
// environment variables, which then win over the file.

// The account id: a console serves one account, whose analysts alone may sign in to it, and the
// API refuses a console token that names none (lib/auth/README.md).
const CREDENTIAL_VARS = {
  liveKey: "ARGUS_CONSOLE_LIVE_KEY",
  testKey: "ARGUS_CONSOLE_TEST_KEY",
  secret: "ARGUS_CONSOLE_SECRET",
  accountId: "ARGUS_CONSOLE_ACCOUNT_ID",
} as const;

type RequiredCredentials = { [K in keyof typeof CREDENTIAL_VARS]: string };

export type ConsoleCredentials = { [K in keyof typeof CREDENTIAL_VARS]: string | undefined };

export const CONSOLE_ENV_FILE = "console.env";

type FileCache = { file: string; mtimeMs: number; size: number; values: Record<string, string> };
let fileCache: FileCache | undefined;
let warnedAboutMode = false;

/**
 * Reads the console credentials at call time. The file is only touched when at least one value
 * is missing from the environment, and is re-read when it changes (the API may write it after
 * the console has started).
 */
export async function readConsoleCredentials(source: EnvSource = process.env): Promise<ConsoleCredentials> {
  const fromEnv = mapCredentials((name) => nonBlank(source[name]));
  if (requiredPresent(fromEnv)) return fromEnv;

  const file = path.join(getConsoleEnv(source).dataDir, CONSOLE_ENV_FILE);
  const fromFile = await readEnvFile(file);
  return mapCredentials((name) => nonBlank(source[name]) ?? nonBlank(fromFile[name]));
}

/** Like readConsoleCredentials, but fails with a message naming what is missing (never the values). */
export async function requireConsoleCredentials(source: EnvSource = process.env): Promise<RequiredCredentials> {
  const credentials = await readConsoleCredentials(source);
  const missing = (Object.keys(CREDENTIAL_VARS) as (keyof typeof CREDENTIAL_VARS)[])
    .filter((key) => credentials[key] === undefined)
    .map((key) => CREDENTIAL_VARS[key]);
  if (missing.length > 0) {
    throw new Error(
      `Console credentials missing: ${missing.join(", ")}. Start the Argus API once so it writes ` +
        `${CONSOLE_ENV_FILE} in the data directory, or set the variables in the console's environment.`,
    );
  }
  return credentials as RequiredCredentials;
}

function requiredPresent(credentials: ConsoleCredentials): boolean {
  return (Object.keys(CREDENTIAL_VARS) as (keyof typeof CREDENTIAL_VARS)[]).every((key) => credentials[key] !== undefined);
}

function mapCredentials(pick: (name: string) => string | undefined): ConsoleCredentials {
  return {
    liveKey: pick(CREDENTIAL_VARS.liveKey),
    testKey: pick(CREDENTIAL_VARS.testKey),
    secret: pick(CREDENTIAL_VARS.secret),
    accountId: pick(CREDENTIAL_VARS.accountId),
  };
}

function nonBlank(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

async function readEnvFile(file: string): Promise<Record<string, string>> {
  let info;
  try {
    info = await stat(file);
  } catch (error) {
    // No file yet (API not bootstrapped): not an error here, the caller decides what is required.
    if (isErrno(error, "ENOENT")) return {};
    throw error;
  }

  if (fileCache && fileCache.file === file && fileCache.mtimeMs === info.mtimeMs && fileCache.size === info.size) {
    return fileCache.values;
  }

  // The file holds secrets; the API creates it 0600. Say so once if someone loosened it, but keep
  // working: refusing would take the console down over a fixable permission.
  if (process.platform !== "win32" && (info.mode & 0o077) !== 0 && !warnedAboutMode) {
    warnedAboutMode = true;
    console.warn(`[argus-console] ${file} is readable by other users (mode ${(info.mode & 0o777).toString(8)}); expected 600.`);
  }

  const values = parseEnvFile(await readFile(file, "utf8"));
  fileCache = { file, mtimeMs: info.mtimeMs, size: info.size, values };
  return values;
}

function isErrno(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && (error as NodeJS.ErrnoException).code === code;
}
