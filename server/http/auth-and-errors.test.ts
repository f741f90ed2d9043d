import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../test/harness";
import { mountProbeRoutes } from "../test/probe-routes";
import { revokeKey } from "../domain/keys/keys";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ extend: mountProbeRoutes });
});
afterAll(() => api?.close());

const thing = { name: "n", amount: 100, payment_method: { type: "card" } };

describe("unknown routes", () => {
  it("answers 404 resource_not_found in the error shape with a request id", async () => {
    const r = await call(`${api.url.live}/v1/nope`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("resource_not_found");
    expect(r.body.error.request_id).toMatch(/^req_/);
    expect(r.headers.get("request-id")).toBe(r.body.error.request_id);
    expect(r.body.error.doc_url).toContain("/docs/errors#resource_not_found");
    expect(r.body.object).toBeUndefined();
  });

  it("answers an API key on an unknown /api/v1 route with 403 'API keys are not permitted on this endpoint'", async () => {
    const { key } = await api.key();
    for (const headers of [{ "x-api-key": key }, bearer(key)]) {
      const r = await call(`${api.url.live}/api/v1/whatever`, { headers });
      expect(r.status).toBe(403);
      expect(r.body.error).toMatchObject({ code: "FORBIDDEN", message: "API keys are not permitted on this endpoint" });
      expect(r.body.error.docs_url).toBeDefined();
      expect(r.body.error.request_id).toMatch(/^req_/);
    }
  });

  it("checks the route before authentication", async () => {
    const r = await call(`${api.url.live}/v1/no-such-resource/123`, { headers: bearer("garbage") });
    expect(r.status).toBe(404);
  });
});

describe("Surface A authentication", () => {
  it("refuses a missing, malformed or unknown key with 401 invalid_api_key", async () => {
    const url = `${api.url.live}/v1/_probe/whoami`;
    for (const headers of [{}, { authorization: "Basic abc" }, bearer("argus_live_sk_short"), bearer(`argus_live_sk_${"a".repeat(32)}`)]) {
      const r = await call(url, { headers });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe("invalid_api_key");
      expect(r.body.error.doc_url).toBeDefined();
      expect(r.body.error.request_id).toMatch(/^req_/);
      expect(r.headers.get("x-ratelimit-limit")).toBeNull();
    }
  });

  it("accepts live keys only on the production listener and test keys only on pre-production", async () => {
    const live = await api.key({ env: "live" });
    const test = await api.key({ env: "test" });
    expect((await call(`${api.url.live}/v1/_probe/whoami`, { headers: bearer(live.key) })).status).toBe(200);
    expect((await call(`${api.url.test}/v1/_probe/whoami`, { headers: bearer(test.key) })).status).toBe(200);
    const crossed = await call(`${api.url.test}/v1/_probe/whoami`, { headers: bearer(live.key) });
    expect(crossed.status).toBe(401);
    expect(crossed.body.error.message).toMatch(/pre-production/);
    expect((await call(`${api.url.live}/v1/_probe/whoami`, { headers: bearer(test.key) })).status).toBe(401);
  });

  it("refuses a revoked key on its very next request", async () => {
    const { id, key } = await api.key();
    expect((await call(`${api.url.live}/v1/_probe/whoami`, { headers: bearer(key) })).status).toBe(200);
    await revokeKey(api.deps.database.db, id);
    const r = await call(`${api.url.live}/v1/_probe/whoami`, { headers: bearer(key) });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("invalid_api_key");
  });

  it("refuses a key without the route's scope with 403 insufficient_permissions, and still reports limits", async () => {
    const { key } = await api.key({ scopes: ["cases:read"] });
    const r = await call(`${api.url.live}/v1/_probe/things`, { headers: bearer(key), body: thing });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("insufficient_permissions");
    expect(r.headers.get("x-ratelimit-limit")).toBe("300");
    const allowed = await api.key({ scopes: ["cases:write"] });
    expect((await call(`${api.url.live}/v1/_probe/things`, { headers: bearer(allowed.key), body: thing })).status).toBe(201);
  });
});

describe("Surface B authentication", () => {
  it("uses the upper-case error shape with docs_url", async () => {
    const r = await call(`${api.url.live}/api/v1/_probe/analyze`, { body: thing });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("UNAUTHORIZED");
    expect(r.body.error.docs_url).toContain("/docs/errors#UNAUTHORIZED");
    expect(r.body.error.doc_url).toBeUndefined();
    expect(r.body.error.request_id).toMatch(/^req_/);
  });

  it("answers a key without the scope with 403 FORBIDDEN", async () => {
    const { key } = await api.key({ scopes: ["KYC_READ"] });
    const r = await call(`${api.url.live}/api/v1/_probe/analyze`, {
      headers: { "x-api-key": key, "x-idempotency-key": "k".repeat(20) },
      body: thing,
    });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("FORBIDDEN");
  });

  it("refuses a test key on the production host with UNAUTHORIZED", async () => {
    const { key } = await api.key({ env: "test" });
    const r = await call(`${api.url.live}/api/v1/_probe/analyze`, { headers: { "x-api-key": key }, body: thing });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("UNAUTHORIZED");
  });
});

describe("bodies and validation", () => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = bearer((await api.key()).key);
  });
  const url = () => `${api.url.live}/v1/_probe/things`;

  it("names a missing required field with its dotted path", async () => {
    const r = await call(url(), { headers, body: { name: "x", amount: 1, payment_method: {} } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "missing_required_field", param: "payment_method.type" });
  });

  it("names an invalid value: enum, sign, type, pattern", async () => {
    const cases: [unknown, string][] = [
      [{ ...thing, payment_method: { type: "cash" } }, "payment_method.type"],
      [{ ...thing, amount: -5 }, "amount"],
      [{ ...thing, amount: "100" }, "amount"],
      [{ ...thing, amount: 1.5 }, "amount"],
      [{ ...thing, payment_method: { type: "card", card_bin: "12ab" } }, "payment_method.card_bin"],
      [{ ...thing, tags: ["ok", 3] }, "tags.1"],
    ];
    for (const [body, param] of cases) {
      const r = await call(url(), { headers, body });
      expect(r.status, param).toBe(400);
      expect(r.body.error).toMatchObject({ code: "invalid_field_value", param });
      expect(r.body.error.message).toContain(param);
    }
  });

  it("tolerates unknown fields", async () => {
    expect((await call(url(), { headers, body: { ...thing, something_new: { a: 1 } } })).status).toBe(201);
  });

  it("ignores a body sent without application/json, so validation errors follow", async () => {
    for (const type of ["text/plain", "application/vnd.api+json"]) {
      const r = await call(url(), { headers: { ...headers, "content-type": type }, raw: JSON.stringify(thing), method: "POST" });
      expect(r.status, type).toBe(400);
      expect(r.body.error.code).toBe("missing_required_field");
      expect(r.body.error.param).toBe("name");
    }
    const charset = await call(url(), {
      headers: { ...headers, "content-type": "Application/JSON; charset=utf-8" },
      raw: JSON.stringify(thing),
      method: "POST",
    });
    expect(charset.status).toBe(201);
  });

  it("treats an empty JSON body as no fields", async () => {
    const r = await call(url(), { headers: { ...headers, "content-type": "application/json" }, raw: "", method: "POST" });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("missing_required_field");
  });

  it("answers malformed JSON and non-object JSON with 400 invalid_json", async () => {
    for (const raw of ['{"name": ', "[1,2]", '"text"']) {
      const r = await call(url(), { headers: { ...headers, "content-type": "application/json" }, raw, method: "POST" });
      expect(r.status, raw).toBe(400);
      expect(r.body.error.code).toBe("invalid_json");
    }
  });

  it("answers a body over 1 MB with 413 request_too_large", async () => {
    const r = await call(url(), { headers, body: { ...thing, name: "x".repeat(1024 * 1024 + 10) } });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe("request_too_large");
  });

  it("answers a streamed body (no Content-Length) over 1 MB with 413 as well", async () => {
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        if (sent++ >= 20) ctrl.close();
        else ctrl.enqueue(chunk);
      },
    });
    const res = await fetch(url(), {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("request_too_large");
  });

  it("answers bodies of several MB with a 413 the client can read, on a connection it can use again", async () => {
    // A client still sending when the 413 leaves used to meet a closed connection (EPIPE on its
    // write, or a reset) instead of the answer; the rest is now read and dropped.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const target = new URL(url());
    const post = (body: Buffer | Buffer[], type = "application/json") =>
      new Promise<{ status: number; text: string; socket: unknown }>((resolve, reject) => {
        const chunked = Array.isArray(body);
        const req = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            method: "POST",
            agent,
            headers: { ...headers, "content-type": type, ...(chunked ? {} : { "content-length": String(body.length) }) },
          },
          (res) => {
            let text = "";
            res.on("data", (c: Buffer) => (text += c.toString()));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, text, socket: req.socket }));
          },
        );
        req.on("error", reject);
        for (const part of chunked ? body : [body]) req.write(part);
        req.end();
      });
    try {
      const declared = await post(Buffer.alloc(4 * 1024 * 1024, 0x20));
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.text).error.code).toBe("request_too_large");
      const streamed = await post(Array.from({ length: 64 }, () => Buffer.alloc(64 * 1024, 0x20)));
      expect(streamed.status).toBe(413);
      expect(JSON.parse(streamed.text).error.code).toBe("request_too_large");
      const ignoredType = await post(Buffer.alloc(3 * 1024 * 1024, 0x20), "text/plain");
      expect(ignoredType.status).toBe(413);
      // fetch (undici) surfaced the old reset as "fetch failed" (EPIPE) rather than the answer.
      const viaFetch = await fetch(url(), {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: " ".repeat(4 * 1024 * 1024),
      });
      expect(viaFetch.status).toBe(413);
      // The same connection then serves the next request.
      const next = await post(Buffer.from(JSON.stringify(thing)));
      expect(next.status).toBe(201);
      expect(next.socket).toBe(declared.socket);
    } finally {
      agent.destroy();
    }
  });

  it("reads a body that starts with a byte-order mark as the JSON after it", async () => {
    const r = await call(url(), {
      headers: { ...headers, "content-type": "application/json" },
      raw: `\uFEFF${JSON.stringify(thing)}`,
      method: "POST",
    });
    expect(r.status).toBe(201);
  });

  it("refuses text that cannot be stored (NUL, an unpaired surrogate) with 400 naming the field, and keeps what can", async () => {
    const cases: [unknown, string][] = [
      [{ ...thing, name: "a\u0000b" }, "name"],
      [{ ...thing, extra: { note: "x\ud800" } }, "extra.note"],
      [{ ...thing, tags: ["ok", "\udc00"] }, "tags.1"],
      [{ ...thing, extra: { "k\u0000": "v" } }, "extra.k\\u0000"],
    ];
    for (const [body, param] of cases) {
      const r = await call(url(), { headers, body });
      expect(r.status, param).toBe(400);
      expect(r.body.error).toMatchObject({ code: "invalid_field_value", param });
    }
    // Escaped text that can be stored, an emoji as its surrogate pair among it.
    const raw = '{"name":"caf\\u00e9 \\ud83d\\ude00","amount":100,"payment_method":{"type":"card"}}';
    expect((await call(url(), { headers: { ...headers, "content-type": "application/json" }, raw, method: "POST" })).status).toBe(201);
  });

  it("refuses a body that is not UTF-8 with 400 invalid_json instead of storing replacement characters", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('","amount":100,"payment_method":{"type":"card"}}'),
    ]);
    const res = await fetch(url(), { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: bytes });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_json");
  });

  it("refuses a NUL in a query value (400 naming it) and in a path id (404)", async () => {
    const q = await call(`${api.url.live}/v1/decisions?transaction_id=txn%00x`, { headers });
    expect(q.status).toBe(400);
    expect(q.body.error).toMatchObject({ code: "invalid_field_value", param: "transaction_id" });
    const p = await call(`${api.url.live}/v1/transactions/txn%00x`, { headers });
    expect(p.status).toBe(404);
    expect(p.body.error.code).toBe("resource_not_found");
  });

  it("checks authentication before the body", async () => {
    const r = await call(url(), { headers: { "content-type": "application/json" }, raw: "{bad", method: "POST" });
    expect(r.status).toBe(401);
  });

  it("validates query parameters the same way", async () => {
    const r = await call(`${api.url.live}/v1/_probe/whoami?count=abc`, { headers });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "invalid_field_value", param: "count" });
  });
});

describe("unexpected errors", () => {
  it("never shows the internal message and logs it with the request id", async () => {
    const lines: string[] = [];
    const original = api.deps.logger;
    const pino = (await import("pino")).default;
    api.deps.logger = pino({ level: "error" }, { write: (s: string) => lines.push(s) });
    try {
      const r = await call(`${api.url.live}/v1/_probe/boom`, { headers: bearer((await api.key()).key) });
      expect(r.status).toBe(500);
      expect(r.body.error.code).toBe("internal_error");
      expect(JSON.stringify(r.body)).not.toContain("secret internal detail");
      const logged = lines.map((l) => JSON.parse(l)).find((l) => l.request_id === r.body.error.request_id && l.err);
      expect(logged?.err.message).toContain("secret internal detail");
    } finally {
      api.deps.logger = original;
    }
  });
});
