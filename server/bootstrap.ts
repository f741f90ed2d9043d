import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AppDeps } from "./http/context";
import { ensureAccount, setAccountRateLimit } from "./domain/accounts/accounts";
import { createAnalyst } from "./domain/analysts/analysts";
import { createKey } from "./domain/keys/keys";
import { hasAccounts } from "./admin/commands";
import { consoleSecret } from "./deps";

export const DEMO_ACCOUNT = "demo";
export const ADMIN_EMAIL = "admin@argus.local";

/**
 * The console's keys serve every analyst of the team (pages, the 15-second refresh, actions): a
 * test key's 100 requests a minute would stop one busy analyst within a minute. The first start
 * raises the console account's limits to this (an operator override, `keys limits`, visible in
 * the headers); an operator may set another value at any time.
 */
export const CONSOLE_ACCOUNT_LIMIT_PER_MINUTE = 10_000;

export type BootstrapResult = {
  created: boolean;
  consoleEnvWritten: boolean;
  adminPassword?: string;
  accountId: string;
  /** The bootstrap admin's analyst id, when it was created now (the first-start demo works cases as them). */
  adminId?: string;
  /** The console's pre-production key, when it was issued now (for the first-start demo). */
  testKey?: string;
};

function writePrivate(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, content, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/**
 * First start on an empty database: a demo account, an `admin` analyst with a generated password,
 * and the console's keys (one per environment) in `<data>/console.env` (mode 0600). When the
 * database exists but console.env is gone, new console keys are issued for the console's account.
 */
export async function bootstrap(deps: AppDeps): Promise<BootstrapResult> {
  const { db } = deps.database;
  const dataDir = deps.config.dataDir;
  const envFile = path.join(dataDir, "console.env");
  const empty = !(await hasAccounts(db));
  const account = await ensureAccount(db, process.env.ARGUS_CONSOLE_ACCOUNT ?? DEMO_ACCOUNT);
  const result: BootstrapResult = { created: empty, consoleEnvWritten: false, accountId: account.id };

  if (empty) {
    const password = randomBytes(12).toString("base64url");
    const admin = await createAnalyst(db, { accountId: account.id, email: ADMIN_EMAIL, name: "Admin", role: "admin", password });
    result.adminId = admin.id;
    writePrivate(
      path.join(dataDir, "admin-credentials.txt"),
      `# The bootstrap administrator of the Argus console. Change or remove after first sign-in.\nemail=${ADMIN_EMAIL}\npassword=${password}\n`,
    );
    result.adminPassword = password;
    await setAccountRateLimit(db, account.id, CONSOLE_ACCOUNT_LIMIT_PER_MINUTE);
  }

  if (!fs.existsSync(envFile)) {
    const live = await createKey(db, {
      accountId: account.id,
      environment: "live",
      label: "Argus Console",
      scopes: [],
      createdBy: "bootstrap",
    });
    const test = await createKey(db, {
      accountId: account.id,
      environment: "test",
      label: "Argus Console",
      scopes: [],
      createdBy: "bootstrap",
    });
    const secret = await consoleSecret(db, deps.config.ARGUS_CONSOLE_SECRET);
    writePrivate(
      envFile,
      [
        "# Written by the Argus API at bootstrap for the Argus Console. Keep private (mode 0600).",
        `ARGUS_CONSOLE_ACCOUNT_ID=${account.id}`,
        `ARGUS_CONSOLE_LIVE_KEY=${live.key}`,
        `ARGUS_CONSOLE_TEST_KEY=${test.key}`,
        `ARGUS_CONSOLE_SECRET=${secret}`,
        "",
      ].join("\n"),
    );
    result.consoleEnvWritten = true;
    result.testKey = test.key;
  }
  return result;
}
