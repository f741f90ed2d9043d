import { afterEach, describe, expect, it, vi } from "vitest";
import { connectionErrorReason, isConnectionError } from "./errors";
import { DatabaseUnreachableError, databaseAddress, untilReachable } from "./reachable";

const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5433"), { code: "ECONNREFUSED" });

describe("isConnectionError", () => {
  it("recognises what a lost or unreachable database looks like, also wrapped by drizzle", () => {
    const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });
    for (const err of [
      refused,
      Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      wrapped(new Error("Client has encountered a connection error and is not queryable")),
      wrapped(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })),
      wrapped(Object.assign(new Error("connection failure"), { code: "08006" })),
    ]) {
      expect(isConnectionError(err), String(err)).toBe(true);
    }
  });

  it("leaves every other failure alone", () => {
    for (const err of [
      new Error("boom"),
      Object.assign(new Error("duplicate key"), { code: "23505" }),
      Object.assign(new Error("password authentication failed"), { code: "28P01" }),
      undefined,
      "text",
    ]) {
      expect(isConnectionError(err), String(err)).toBe(false);
    }
  });

  it("names the reason by code, else by the driver's message", () => {
    expect(connectionErrorReason(Object.assign(new Error("Failed query"), { cause: refused }))).toBe("ECONNREFUSED");
    expect(
      connectionErrorReason(Object.assign(new Error("Failed query"), { cause: new Error("Connection terminated unexpectedly") })),
    ).toBe("Connection terminated unexpectedly");
  });
});

describe("untilReachable", () => {
  afterEach(() => void vi.useRealTimers());
  const url = "postgres://argus:secret@db.internal:5433/argus";

  it("retries an unreachable database with backoff, one line per attempt, until it answers", async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    let calls = 0;
    const opened = untilReachable(url, async () => (++calls < 4 ? Promise.reject(refused) : "open"), {
      timeoutMs: 60_000,
      log: (l) => lines.push(l),
    });
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    await expect(opened).resolves.toBe("open");
    expect(lines).toEqual([
      "database unreachable at db.internal:5433 (ECONNREFUSED); retrying in 1 s",
      "database unreachable at db.internal:5433 (ECONNREFUSED); retrying in 2 s",
      "database unreachable at db.internal:5433 (ECONNREFUSED); retrying in 4 s",
    ]);
  });

  it("gives up at the deadline, and at once on any other failure", async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const never = untilReachable(url, () => Promise.reject(refused), { timeoutMs: 10_000, log: (l) => lines.push(l) });
    const settled = never.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(20_000);
    const err = await settled;
    expect(err).toBeInstanceOf(DatabaseUnreachableError);
    expect((err as Error).message).toBe(
      "database unreachable at db.internal:5433 (ECONNREFUSED); gave up after 10 s (DATABASE_STARTUP_TIMEOUT_S)",
    );
    expect(lines.at(-1)).toMatch(/retrying in 3 s$/); // 1 + 2 + 4 s, and a last attempt at the deadline
    expect(lines.length).toBe(4);
    const denied = Object.assign(new Error("password authentication failed"), { code: "28P01" });
    await expect(untilReachable(url, () => Promise.reject(denied), { timeoutMs: 10_000, log: () => {} })).rejects.toBe(denied);
  });

  it("never shows the credentials", () => {
    expect(databaseAddress(url)).toBe("db.internal:5433");
    expect(databaseAddress("postgres://localhost/argus")).toBe("localhost:5432");
  });
});
