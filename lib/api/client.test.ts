import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { jwtVerify } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";

vi.mock("server-only", () => ({}));

// A real HTTP server stands in for the API's two listeners: the client's headers, URLs, parsing
// and error mapping are exercised over real sockets, not mocked fetches.

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string; listener: "live" | "test" };
type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;

const LIVE_KEY = "argus_live_sk_LIVEKEYLIVEKEYLIVEKEYLIVEKEY1234";
const TEST_KEY = "argus_test_sk_TESTKEYTESTKEYTESTKEYTESTKEY5678";
const SECRET = "console-secret-".padEnd(43, "x");

let handler: Handler = (_req, res) => res.end("{}");
const seen: Seen[] = [];
const servers: Server[] = [];
const urls: Record<"live" | "test", string> = { live: "", test: "" };

async function listen(listener: "live" | "test"): Promise<string> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const record = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, listener };
      seen.push(record);
      handler(req, res, record);
    });
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const saved = { ...process.env };
beforeAll(async () => {
  urls.live = await listen("live");
  urls.test = await listen("test");
  Object.assign(process.env, {
    ARGUS_API_URL: urls.live,
    ARGUS_SANDBOX_API_URL: urls.test,
    ARGUS_CONSOLE_LIVE_KEY: LIVE_KEY,
    ARGUS_CONSOLE_TEST_KEY: TEST_KEY,
    ARGUS_CONSOLE_SECRET: SECRET,
    ARGUS_CONSOLE_ACCOUNT_ID: "acc_demo",
  });
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  process.env = saved;
});
afterEach(() => {
  seen.length = 0;
  handler = (_req, res) => res.end("{}");
});

const { apiA, apiB, dashboard } = await import("./client");
const { ApiError, toSafeError } = await import("./errors");

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": "req_header_1", ...headers });
  res.end(JSON.stringify(body));
}

describe("credentials and listeners", () => {
  it("apiA sends the environment's key as a Bearer token to that environment's listener", async () => {
    handler = (_req, res) => json(res, 200, { object: "list", data: [] });
    await apiA("production", "/v1/alerts", { query: { limit: 5, after: undefined, status: ["open", "acknowledged"] } });
    await apiA("pre-production", "/v1/alerts");
    expect(seen[0]).toMatchObject({ listener: "live", method: "GET", url: "/v1/alerts?limit=5&status=open&status=acknowledged" });
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${LIVE_KEY}`);
    expect(seen[1]!.listener).toBe("test");
    expect(seen[1]!.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
  });

  it("apiB sends X-Api-Key and JSON bodies with their content type", async () => {
    handler = (_req, res) => json(res, 201, { object: "verification", id: "ver_1" });
    const result = await apiB<{ id: string }>("pre-production", "/api/v1/verifications", { body: { user_id: "u1" } });
    expect(result.id).toBe("ver_1");
    expect(seen[0]!.method).toBe("POST");
    expect(seen[0]!.headers["x-api-key"]).toBe(TEST_KEY);
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen[0]!.body)).toEqual({ user_id: "u1" });
  });

  it("dashboard mints a fresh console JWT for the analyst's session and the console's account, never sending the API key", async () => {
    handler = (_req, res) => json(res, 200, { ok: true });
    await dashboard("production", { id: "anl_7", sessionId: "ses_7" }, "/api/v1/analysts");
    const auth = seen[0]!.headers.authorization!;
    expect(auth).toMatch(/^Bearer ey/);
    expect(auth).not.toContain(LIVE_KEY);
    expect(seen[0]!.headers["x-api-key"]).toBeUndefined();
    const { payload } = await jwtVerify(auth.slice(7), new TextEncoder().encode(SECRET), {
      issuer: "argus-console",
      audience: "argus-api",
    });
    expect(payload).toMatchObject({ sub: "anl_7", sid: "ses_7", account_id: "acc_demo" });
  });

  it("dashboard as the console uses sub 'console' and the console's account", async () => {
    await dashboard("production", "console", "/api/v1/analysts/authenticate", { method: "POST", body: {} });
    const { payload } = await jwtVerify(seen[0]!.headers.authorization!.slice(7), new TextEncoder().encode(SECRET));
    expect(payload).toMatchObject({ sub: "console", account_id: "acc_demo" });
  });

  it("refuses paths that would leave the configured listener", async () => {
    await expect(apiA("production", "//evil.example/v1/alerts")).rejects.toThrow(/single/);
    await expect(apiA("production", "https://evil.example/v1")).rejects.toThrow(/single/);
    expect(seen).toHaveLength(0);
  });
});

describe("errors", () => {
  it("maps the standard error shape, keeping code, param and request id", async () => {
    handler = (_req, res) =>
      json(res, 404, {
        error: {
          code: "resource_not_found",
          message: "No such case.",
          param: "case_id",
          request_id: "req_body_9",
          doc_url: "http://x/docs",
        },
      });
    const error = await apiA("production", "/v1/cases/case_x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: "resource_not_found",
      message: "No such case.",
      param: "case_id",
      requestId: "req_body_9",
    });
    expect(toSafeError(error)).toEqual({
      message: "No such case.",
      code: "resource_not_found",
      status: 404,
      param: "case_id",
      requestId: "req_body_9",
    });
  });

  it("maps Surface B's upper-case shape and falls back to the Request-Id header", async () => {
    handler = (_req, res) =>
      json(res, 401, { error: { code: "UNAUTHORIZED", message: "Invalid or expired console token.", docs_url: "http://x" } });
    const error = await dashboard("production", "console", "/api/v1/analysts").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: "UNAUTHORIZED", requestId: "req_header_1", isUnauthorized: true });
  });

  it("turns a non-JSON error page into a usable error", async () => {
    handler = (_req, res) => {
      res.writeHead(502, { "Content-Type": "text/html", "Request-Id": "req_proxy" });
      res.end("<html>Bad gateway</html>");
    };
    const error = await apiA("production", "/v1/events").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: "http_502", requestId: "req_proxy" });
  });

  it("reports a 200 that is not JSON, or not the expected shape, as invalid_response", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.end("hello");
    };
    await expect(apiA("production", "/v1/events")).rejects.toMatchObject({ code: "invalid_response", status: 502 });

    handler = (_req, res) => json(res, 200, { object: "list", data: "nope" });
    const schema = z.object({ object: z.literal("list"), data: z.array(z.unknown()) });
    await expect(apiA("production", "/v1/events", { schema })).rejects.toMatchObject({
      code: "invalid_response",
      requestId: "req_header_1",
    });
  });

  it("gives 204 and empty bodies as undefined", async () => {
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    await expect(apiA("production", "/v1/webhooks/wh_1", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("times out a hung API with api_timeout, naming the environment but not the address", async () => {
    handler = () => {
      /* never answers */
    };
    const error = (await apiA("pre-production", "/v1/alerts", { timeoutMs: 150 }).catch((e: unknown) => e)) as InstanceType<
      typeof ApiError
    >;
    expect(error).toMatchObject({ code: "api_timeout", status: 504 });
    expect(error.message).toContain("pre-production");
    expect(error.message).not.toContain("127.0.0.1");
  });

  it("reports an unreachable API as api_unreachable without its address or key", async () => {
    const live = process.env.ARGUS_API_URL;
    process.env.ARGUS_API_URL = "http://127.0.0.1:1";
    try {
      const error = (await apiA("production", "/v1/alerts").catch((e: unknown) => e)) as InstanceType<typeof ApiError>;
      expect(error).toMatchObject({ code: "api_unreachable", status: 502 });
      expect(error.message).not.toMatch(/127\.0\.0\.1|:1\b/);
      expect(JSON.stringify(toSafeError(error))).not.toContain(LIVE_KEY);
    } finally {
      process.env.ARGUS_API_URL = live;
    }
  });

  it("does not follow redirects (a followed redirect would carry the key elsewhere)", async () => {
    handler = (_req, res) => {
      res.writeHead(302, { Location: "http://127.0.0.1:9/steal" });
      res.end();
    };
    await expect(apiB("production", "/api/v1/verifications")).rejects.toMatchObject({ code: "unexpected_redirect", status: 502 });
    expect(seen).toHaveLength(1);
  });

  it("says which variables are missing when the console has no credentials, never their values", async () => {
    const saved = { ...process.env };
    delete process.env.ARGUS_CONSOLE_TEST_KEY;
    process.env.ARGUS_DATA_DIR = "/nonexistent-argus-dir";
    try {
      const error = (await apiA("pre-production", "/v1/alerts").catch((e: unknown) => e)) as InstanceType<typeof ApiError>;
      expect(error).toMatchObject({ code: "console_not_configured", status: 503 });
      expect(error.message).toContain("ARGUS_CONSOLE_TEST_KEY");
      expect(error.message).not.toContain(LIVE_KEY);
    } finally {
      process.env = saved;
    }
  });

  it("hides unexpected errors behind a generic message", () => {
    const safe = toSafeError(new Error(`connect failed with ${LIVE_KEY}`));
    expect(safe.message).not.toContain(LIVE_KEY);
    expect(safe).toMatchObject({ code: "console_error", status: 500 });
  });
});
