import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The keys and users CLIs are the operators' and scripts' contract (README.md, "Operator CLIs"):
// these tests run them as real processes, against a PGlite folder with and without a running API.
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const tsx = ["--import", "tsx"];

async function cli(script: "keys" | "users", args: string[], env: Record<string, string>) {
  try {
    const { stdout } = await run(process.execPath, [...tsx, `server/cli/${script}.ts`, ...args, "--json"], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    return { code: 0, json: JSON.parse(stdout.trim()) };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, json: JSON.parse(e.stdout.trim() || "{}") };
  }
}

function freePort(): number {
  return 20000 + Math.floor(Math.random() * 20000);
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("API did not become ready");
}

describe("keys and users CLIs on an embedded data folder", () => {
  let dir: string;
  let env: Record<string, string>;
  let apiProcess: ChildProcess | undefined;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-cli-"));
    env = { ARGUS_DATA_DIR: dir, ARGUS_LOG_LEVEL: "silent", DATABASE_URL: "", ARGUS_NO_DEMO: "1" };
  });
  afterAll(() => {
    apiProcess?.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("works with no API running (opens the folder itself) and prints the documented JSON", { timeout: 120_000 }, async () => {
    const r = await cli(
      "keys",
      ["create", "--account", "acme", "--env", "live", "--label", "Checkout", "--scopes", "transactions:write,decisions:write"],
      env,
    );
    expect(r.code).toBe(0);
    expect(Object.keys(r.json).sort()).toEqual(["account_id", "created_at", "environment", "id", "key", "label", "scopes"]);
    expect(r.json).toMatchObject({ environment: "live", label: "Checkout", scopes: ["transactions:write", "decisions:write"] });
    expect(r.json.id).toMatch(/^key_/);
    expect(r.json.key).toMatch(/^argus_live_sk_[0-9A-Za-z]{32}$/);
    const bad = await cli("keys", ["create", "--account", "acme", "--env", "prod", "--label", "x"], env);
    expect(bad.code).toBe(1);
    expect(bad.json.error.message).toMatch(/env/);
    const scope = await cli("keys", ["create", "--account", "acme", "--env", "live", "--label", "x", "--scopes", "root"], env);
    expect(scope.code).toBe(1);
  });

  // Starts an API, a second API and ten CLI processes (each a fresh Node + tsx): generous limit for
  // a loaded two-core machine; this is not a timing assertion.
  it("talks to the running API over the admin channel; changes apply on the next request", { timeout: 120_000 }, async () => {
    const port = freePort();
    apiProcess = spawn(process.execPath, [...tsx, "server/main.ts"], {
      cwd: root,
      env: { ...process.env, ...env, ARGUS_API_PORT: String(port), ARGUS_SANDBOX_API_PORT: String(port + 1), ARGUS_NO_JOBS: "1" },
      stdio: "ignore",
    });
    const base = `http://127.0.0.1:${port}`;
    await waitReady(base, apiProcess);

    // A second API on the same folder is refused with a clear message.
    const second = await run(process.execPath, [...tsx, "server/main.ts"], {
      cwd: root,
      env: { ...process.env, ...env, ARGUS_API_PORT: String(port + 2), ARGUS_SANDBOX_API_PORT: String(port + 3) },
    }).catch((e: { code: number; stderr: string }) => e);
    expect((second as { code: number }).code).toBe(1);
    expect((second as { stderr: string }).stderr).toMatch(/in use by process \d+/);

    const created = await cli("keys", ["create", "--account", "acme", "--env", "test", "--label", "Sandbox"], env);
    expect(created.code).toBe(0);
    const limits = await cli("keys", ["limits", "--account", "acme", "--per-minute", "7"], env);
    expect(limits).toMatchObject({ code: 0, json: { account: "acme", rate_limit_per_minute: 7 } });

    const list = await cli("keys", ["list", "--account", "acme"], env);
    expect(list.json.data.map((k: { id: string }) => k.id)).toContain(created.json.id);

    const revoked = await cli("keys", ["revoke", created.json.id], env);
    expect(revoked.code).toBe(0);
    expect(revoked.json.revoked_at).not.toBeNull();
    const unknown = await cli("keys", ["revoke", "key_nope"], env);
    expect(unknown.code).toBe(1);

    const user = await cli(
      "users",
      ["add", "--account", "acme", "--email", "ops@example.com", "--role", "lead", "--password", "long enough pw"],
      env,
    );
    expect(user).toMatchObject({ code: 0, json: { email: "ops@example.com", role: "lead" } });
    const dup = await cli(
      "users",
      ["add", "--account", "acme", "--email", "ops@example.com", "--role", "lead", "--password", "long enough pw"],
      env,
    );
    expect(dup.code).toBe(1);
    const role = await cli("users", ["set-role", "--account", "acme", "--email", "OPS@example.com", "--role", "admin"], env);
    expect(role).toMatchObject({ code: 0, json: { email: "ops@example.com", role: "admin", disabled: false } });
    expect((await cli("users", ["disable", "--account", "acme", "--email", "ops@example.com"], env)).code).toBe(1);
    await cli(
      "users",
      ["add", "--account", "acme", "--email", "second@example.com", "--role", "admin", "--password", "long enough pw"],
      env,
    );
    expect((await cli("users", ["disable", "--account", "acme", "--email", "ops@example.com"], env)).json).toMatchObject({
      disabled: true,
    });
    expect((await cli("users", ["enable", "--account", "acme", "--email", "ops@example.com"], env)).json).toMatchObject({
      disabled: false,
    });
    expect((await cli("users", ["set-role", "--account", "nope", "--email", "ops@example.com", "--role", "lead"], env)).code).toBe(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("keys CLI on PostgreSQL", () => {
  it("creates, lists and limits keys directly in the database", async () => {
    const { freshDatabase } = await import("../test/database");
    const database = await freshDatabase();
    try {
      const env = { DATABASE_URL: database.url as string, ARGUS_LOG_LEVEL: "silent" };
      const created = await cli("keys", ["create", "--account", "pg-co", "--env", "live", "--label", "pg"], env);
      expect(created.code).toBe(0);
      const list = await cli("keys", ["list", "--account", "pg-co"], env);
      expect(list.json.data[0].id).toBe(created.json.id);
      expect((await cli("keys", ["limits", "--account", "pg-co", "--per-minute", "9"], env)).json.rate_limit_per_minute).toBe(9);
    } finally {
      await database.close();
    }
  });
});
