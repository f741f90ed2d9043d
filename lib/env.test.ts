import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// `server-only` throws outside React's server condition; these tests are server-side by nature.
vi.mock("server-only", () => ({}));

const { getConsoleEnv, readConsoleCredentials, requireConsoleCredentials } = await import("./env");

describe("getConsoleEnv", () => {
  it("applies defaults and treats blank values as unset", () => {
    const env = getConsoleEnv({ ARGUS_PUBLIC_API_URL: "  " });
    expect(env.apiUrl).toBe("http://127.0.0.1:4000");
    expect(env.sandboxApiUrl).toBe("http://127.0.0.1:4001");
    expect(env.publicApiUrl).toBeUndefined();
    expect(env.dataDir).toBe(path.resolve(".data"));
    expect(env.queueRefreshMs).toBe(15_000);
  });

  it("reads the queue refresh interval and refuses one under a second", () => {
    expect(getConsoleEnv({ ARGUS_QUEUE_REFRESH_MS: "2000" }).queueRefreshMs).toBe(2000);
    expect(() => getConsoleEnv({ ARGUS_QUEUE_REFRESH_MS: "10" })).toThrow(/ARGUS_QUEUE_REFRESH_MS/);
  });

  it("strips trailing slashes and rejects non-http URLs", () => {
    expect(getConsoleEnv({ ARGUS_API_URL: "http://api:4000/" }).apiUrl).toBe("http://api:4000");
    expect(() => getConsoleEnv({ ARGUS_API_URL: "ftp://x" })).toThrow(/ARGUS_API_URL/);
  });
});

describe("readConsoleCredentials", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "argus-console-env-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("returns nothing when neither the environment nor the file has values", async () => {
    expect(await readConsoleCredentials({ ARGUS_DATA_DIR: dataDir })).toEqual({
      liveKey: undefined,
      testKey: undefined,
      secret: undefined,
    });
    await expect(requireConsoleCredentials({ ARGUS_DATA_DIR: dataDir })).rejects.toThrow(
      /ARGUS_CONSOLE_LIVE_KEY, ARGUS_CONSOLE_TEST_KEY, ARGUS_CONSOLE_SECRET/,
    );
  });

  it("reads the file at call time, and the environment wins over it", async () => {
    const file = path.join(dataDir, "console.env");
    await writeFile(
      file,
      "ARGUS_CONSOLE_LIVE_KEY=live_from_file\nARGUS_CONSOLE_TEST_KEY=test_from_file\nARGUS_CONSOLE_SECRET=s_from_file\n",
    );
    await chmod(file, 0o600);

    const source = { ARGUS_DATA_DIR: dataDir, ARGUS_CONSOLE_TEST_KEY: "test_from_env" };
    expect(await readConsoleCredentials(source)).toEqual({
      liveKey: "live_from_file",
      testKey: "test_from_env",
      secret: "s_from_file",
    });

    // Rewritten by the API (e.g. keys rotated): picked up without a restart.
    await writeFile(file, "ARGUS_CONSOLE_LIVE_KEY=rotated_live_key\nARGUS_CONSOLE_SECRET=s_from_file\n");
    expect((await readConsoleCredentials(source)).liveKey).toBe("rotated_live_key");
  });
});
