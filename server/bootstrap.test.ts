import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadEnv } from "./config/env";
import { buildDeps, closeDeps } from "./deps";
import { bootstrap, CONSOLE_ACCOUNT_LIMIT_PER_MINUTE } from "./bootstrap";
import { accounts, analysts } from "./db/schema";
import type { AppDeps } from "./http/context";
import { freshDatabase } from "./test/database";

let deps: AppDeps;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-bootstrap-"));
  deps = await buildDeps(loadEnv({ ARGUS_LOG_LEVEL: "silent", ARGUS_DATA_DIR: dataDir }), { database: await freshDatabase() });
});
afterAll(async () => {
  await closeDeps(deps);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("bootstraps an empty database once: admin, console keys (0600), and limits the console can live with", async () => {
  const first = await bootstrap(deps);
  expect(first).toMatchObject({ created: true, consoleEnvWritten: true });
  const db = deps.database.db;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, first.accountId));
  expect(account?.rateLimitPerMinute).toBe(CONSOLE_ACCOUNT_LIMIT_PER_MINUTE);
  const [admin] = await db
    .select()
    .from(analysts)
    .where(eq(analysts.id, first.adminId as string));
  expect(admin).toMatchObject({ role: "admin", email: "admin@argus.local" });
  const envFile = path.join(dataDir, "console.env");
  expect(fs.statSync(envFile).mode & 0o777).toBe(0o600);
  expect(fs.readFileSync(envFile, "utf8")).toMatch(/ARGUS_CONSOLE_TEST_KEY=argus_test_sk_/);

  // A second start creates nothing and keeps an operator's later choice of limits.
  await db.update(accounts).set({ rateLimitPerMinute: 500 }).where(eq(accounts.id, first.accountId));
  const second = await bootstrap(deps);
  expect(second).toMatchObject({ created: false, consoleEnvWritten: false });
  const [after] = await db.select().from(accounts).where(eq(accounts.id, first.accountId));
  expect(after?.rateLimitPerMinute).toBe(500);
});
