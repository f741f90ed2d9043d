import path from "node:path";
import { z } from "zod";

// Every environment variable the API reads is parsed here, once, so a typo or a bad value stops
// the process at boot with a clear message instead of surfacing later as odd behaviour.
const port = z.coerce.number().int().min(0).max(65535);
const flag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

const schema = z.object({
  ARGUS_HOST: z.string().default("127.0.0.1"),
  ARGUS_API_PORT: port.default(4000),
  ARGUS_SANDBOX_API_PORT: port.default(4001),
  ARGUS_DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // At start-up, how long to wait for a PostgreSQL server that is not reachable yet.
  DATABASE_STARTUP_TIMEOUT_S: z.coerce.number().int().min(0).max(86_400).default(300),
  REDIS_URL: z.string().optional(),
  ARGUS_CONSOLE_SECRET: z.string().min(32).optional(),
  ARGUS_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ARGUS_RUN_JOBS: flag,
  ARGUS_NO_JOBS: flag,
  ARGUS_NO_BOOTSTRAP: flag,
  ARGUS_NO_DEMO: flag,
  // The first start's 14 days of demo history (server/cli/demo-history), embedded database only.
  ARGUS_DEMO_HISTORY: z
    .enum(["on", "off", ""])
    .optional()
    .transform((v) => v !== "off"),
  ARGUS_WEBHOOK_ALLOW_PRIVATE: flag,
  ARGUS_KYC_ASYNC_DELAY_MS: z.coerce.number().int().min(0).default(1500),
  ARGUS_EU_SANCTIONS_FILE: z.string().optional(),
  ARGUS_WATCHLIST_DIR: z.string().optional(),
  ARGUS_ADVERSE_MEDIA_FILES: z.string().optional(),
  ARGUS_EXTRA_PEP_FILES: z.string().optional(),
});

export type Env = z.infer<typeof schema> & { dataDir: string };

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set" (a common way to unset one in scripts and CI).
  const set = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.ARGUS_DATA_DIR) };
}
