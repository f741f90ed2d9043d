import { once } from "node:events";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

// The periodic re-check of a session against the API, over a real socket: the stand-in API answers
// `GET /api/v1/analysts` the way the real one does in each situation.
let answer: (res: ServerResponse) => void = (res) => res.end("{}");
let server: Server;
const saved = { ...process.env };

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => answer(res));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  Object.assign(process.env, {
    ARGUS_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ARGUS_CONSOLE_LIVE_KEY: "argus_live_sk_x",
    ARGUS_CONSOLE_TEST_KEY: "argus_test_sk_x",
    ARGUS_CONSOLE_SECRET: "s".repeat(43),
  });
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
  process.env = saved;
});

const { refreshSessionToken } = await import("./refresh");

const analyst = (over: Record<string, unknown> = {}) => ({
  object: "analyst",
  id: "ana_1",
  account_id: "acct_1",
  email: "a@x.test",
  name: "Ana",
  role: "admin",
  created_at: "2026-01-01T00:00:00Z",
  last_sign_in_at: null,
  disabled: false,
  ...over,
});
const list = (...data: unknown[]) => (res: ServerResponse) => {
  res.writeHead(200, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ object: "list", data, has_more: false, next_cursor: null }));
};
const token = { sub: "ana_1", email: "a@x.test", name: "Ana", role: "admin", accountId: "acct_1", signedInAt: 1, checkedAt: 1 };

describe("refreshSessionToken", () => {
  it("applies a role change made since sign-in", async () => {
    answer = list(analyst({ role: "analyst", name: "Ana B." }));
    expect(await refreshSessionToken(token, 5000)).toMatchObject({ role: "analyst", name: "Ana B.", checkedAt: 5000, signedInAt: 1 });
  });

  it("signs out a disabled or deleted analyst", async () => {
    answer = list(analyst({ disabled: true }));
    expect(await refreshSessionToken(token, 5000)).toBeNull();
    answer = list(analyst({ id: "ana_other" }));
    expect(await refreshSessionToken(token, 5000)).toBeNull();
    answer = (res) => {
      res.writeHead(401, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { code: "UNAUTHORIZED", message: "The analyst of this token does not exist or is disabled." } }));
    };
    expect(await refreshSessionToken(token, 5000)).toBeNull();
  });

  it("keeps the session through an API failure, and waits for the next interval", async () => {
    answer = (res) => {
      res.writeHead(503);
      res.end();
    };
    expect(await refreshSessionToken(token, 5000)).toEqual({ ...token, checkedAt: 5000 });
  });
});
