import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../test/harness";
import { scoreBody } from "../test/score-helpers";

// Every bad input gets a clear error in the specified shape, never a 5xx: each field of the write
// routes' bodies (nested ones too) replaced in turn by values of the wrong type, size, encoding or
// range, and the list routes' query parameters and path ids likewise. A value that happens to be
// valid may succeed; anything else must be a 4xx with `error.code` and `error.message`.

let api: TestApi;
let h: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi();
  h = bearer((await api.key({ account: "malformed-co" })).key);
});
afterAll(() => api?.close());

const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  2 ** 53 + 1,
  1.5,
  "",
  " ",
  "x".repeat(5000),
  "\u0000",
  "😀",
  "١٢٣",
  "０１２３",
  [],
  [1],
  {},
  { a: 1 },
  "2026-13-45",
  "NaN",
];
const ODD_PARAMS = [
  "",
  "%00",
  "%FF",
  "x".repeat(3000),
  "-1",
  "0",
  "101",
  "1e2",
  "2026-13-45",
  "2026-01-01T00:00:00+99:00",
  "%F0%9F%98%80",
  "a,b",
  "%27%3B--",
  "9999999999999999999999",
];

/** Every path into an object (the object itself included), nested objects walked, arrays as leaves. */
function fieldPaths(o: unknown, prefix: string[] = []): string[][] {
  if (!o || typeof o !== "object" || Array.isArray(o)) return [prefix];
  return [prefix, ...Object.entries(o).flatMap(([k, v]) => fieldPaths(v, [...prefix, k]))];
}

function withValue(body: Record<string, unknown>, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(body);
  let cur = copy;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string, unknown>;
  cur[path.at(-1)!] = value;
  return copy;
}

type Answer = { status: number; body: { error?: { code?: unknown; message?: unknown } } | null };
const problem = (what: string, r: Answer) =>
  r.status >= 500 || (r.status >= 400 && (typeof r.body?.error?.code !== "string" || typeof r.body.error.message !== "string"))
    ? `${what} -> ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`
    : null;

describe("malformed input", () => {
  it("write bodies: every field replaced by an odd value is answered, never a 5xx", async () => {
    const bodies: [string, Record<string, unknown>][] = [
      [
        "/v1/transactions/score",
        {
          ...scoreBody({
            user: { id: "u1", email: "a@example.com", ip_address: "81.2.69.1", phone: "+14155550100" },
            merchant: { id: "m1", category: "apparel" },
          }),
          metadata: { k: "v" },
        },
      ],
      [
        "/v1/transactions/verify",
        { payment_method: { type: "card", card_bin: "411111", last_four: "1111" }, amount: 100, currency: "USD", user: { id: "u1" } },
      ],
      [
        "/v1/device/session",
        { page_url: "https://shop.example.com/x", user_id: "u", action: "login", device_fingerprint: "abcdefgh12", ip_address: "1.2.3.4" },
      ],
      ["/v1/decisions", { transaction_id: "txn_x", decision: "allow", reason: "false_positive", notes: "n" }],
      ["/v1/cases", { title: "t", case_type: "payment_fraud", severity: "low", transaction_ids: [] }],
    ];
    const problems: string[] = [];
    for (const [path, body] of bodies) {
      for (const field of fieldPaths(body)) {
        for (const value of ODD_VALUES) {
          const raw = JSON.stringify(withValue(body, field, value)) ?? "null";
          const r = await call(`${api.url.live}${path}`, { method: "POST", headers: { ...h, "content-type": "application/json" }, raw });
          const p = problem(`${path} ${field.join(".") || "(body)"}=${JSON.stringify(value)?.slice(0, 24)}`, r);
          if (p) problems.push(p);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("query parameters and path ids: odd values are answered, never a 5xx", async () => {
    const lists: [string, string[]][] = [
      ["/v1/events", ["transaction_id", "user_id", "event_type", "start_time", "end_time", "limit", "after"]],
      ["/v1/alerts", ["status", "severity", "alert_type", "user_id", "start_time", "end_time", "limit", "after"]],
      ["/v1/cases", ["status", "severity", "assignee_id", "alert_id", "sort", "limit", "after"]],
      ["/v1/decisions", ["transaction_id", "screening_id"]],
      ["/v1/identity/screenings", ["status", "review_state", "user_id"]],
    ];
    const problems: string[] = [];
    for (const [path, params] of lists) {
      for (const param of params) {
        for (const v of ODD_PARAMS) {
          const p = problem(`${path}?${param}=${v.slice(0, 24)}`, await call(`${api.url.live}${path}?${param}=${v}`, { headers: h }));
          if (p) problems.push(p);
        }
      }
    }
    for (const path of ["/v1/transactions/", "/v1/alerts/", "/v1/cases/", "/v1/identity/screenings/", "/v1/identity/verifications/"]) {
      for (const v of ODD_PARAMS.filter(Boolean)) {
        const p = problem(`${path}${v.slice(0, 24)}`, await call(`${api.url.live}${path}${v}`, { headers: h }));
        if (p) problems.push(p);
      }
    }
    expect(problems).toEqual([]);
  });
});

// A body nested far deeper than any request needs: a recursive walk of it (the search for text
// that cannot be stored, a validator, a canonical serialisation) would overflow the stack. Every
// write route of both surfaces must refuse it as a 400 before anything walks it.
describe("deeply nested bodies", () => {
  const nest = (depth: number, open: string, close: string, leaf: string) => open.repeat(depth) + leaf + close.repeat(depth);
  const DEEP: [string, string][] = [
    ["objects, 5,000 levels", nest(5_000, '{"a":', "}", "1")],
    ["objects, 5,000 levels, a \\u escape", nest(5_000, '{"a":', "}", '"\\u0041"')],
    ["arrays in a field, 5,000 levels, a \\u escape", `{"name":${nest(5_000, "[", "]", '"\\u00e9"')}}`],
    ["arrays and objects alternating, 5,000 levels, a \\u escape", `{"metadata":${nest(2_500, '{"k":[', "]}", '"\\ud83d\\ude00"')}}`],
    ["arrays, 100,000 levels (within 1 MB), a \\u escape", `{"a":${nest(100_000, "[", "]", '"\\u0000"')}}`],
    ["objects, 100,000 levels (within 1 MB)", nest(100_000, '{"b":', "}", "null")],
  ];

  it("every write route of both surfaces answers 400 invalid_json, never a 5xx", async () => {
    const key = await api.key({ account: "deep-co" });
    await api.limit("deep-co", 100_000);
    const admin = await api.analyst({ account: "deep-co", role: "admin" });
    // Each route is tried with the credentials of its kind: an API key (both headers), an
    // analyst's console token, the console's own token (sign-in). The analyst gets a new session
    // per route: one of the routes (DELETE /api/v1/analysts/session) signs them out.
    const credentialsFor = async (): Promise<Record<string, string>[]> => [
      { authorization: `Bearer ${key.key}`, "x-api-key": key.key },
      { authorization: `Bearer ${await api.consoleToken(admin.id)}` },
      { authorization: `Bearer ${await api.consoleToken("console", { account: "deep-co" })}` },
    ];
    const operations: [string, string][] = [];
    for (const doc of ["/v1/openapi.json", "/api/v1/openapi.json"]) {
      const paths = (await call(`${api.url.live}${doc}`)).body.paths as Record<string, Record<string, unknown>>;
      for (const [path, ops] of Object.entries(paths)) {
        for (const method of Object.keys(ops).filter((m) => ["post", "patch", "put", "delete"].includes(m))) {
          operations.push([method.toUpperCase(), path.replaceAll(/\{[^}]+\}/g, "x_1")]);
        }
      }
    }
    expect(operations.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const [method, path] of operations) {
      const send = (headers: Record<string, string>, raw: string) =>
        call(`${api.url.live}${path}`, {
          method,
          headers: { ...headers, "content-type": "application/json", "x-idempotency-key": `deep-${Math.random()}` },
          raw,
        });
      let headers: Record<string, string> | undefined;
      for (const c of await credentialsFor()) {
        if (![401, 403].includes((await send(c, "{}")).status)) {
          headers = c;
          break;
        }
      }
      if (!headers) {
        problems.push(`${method} ${path}: no credential reaches its body`);
        continue;
      }
      for (const [what, raw] of DEEP) {
        const r = await send(headers, raw);
        const deepRefused = r.status === 400 && r.body?.error?.code === "invalid_json" && /nested too deeply/.test(r.body.error.message);
        // DELETE ignores its body; it may answer anything but a 5xx.
        if (method === "DELETE" ? r.status >= 500 : !deepRefused)
          problems.push(`${method} ${path} ${what} -> ${r.status} ${r.text.slice(0, 160)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("the limit is 64 levels of objects and arrays, counted outside strings", async () => {
    const send = (raw: string) =>
      call(`${api.url.live}/v1/cases`, { method: "POST", headers: { ...h, "content-type": "application/json" }, raw });
    const at64 = await send(`{"title":"t","x":${nest(63, "[", "]", '"\\u0041"')}}`);
    expect(at64.status).toBe(400);
    expect(at64.body.error.code).not.toBe("invalid_json");
    const at65 = await send(`{"title":"t","x":${nest(64, "[", "]", '"\\u0041"')}}`);
    expect(at65.status).toBe(400);
    expect(at65.body.error).toMatchObject({ code: "invalid_json", message: expect.stringMatching(/nested too deeply.*64/) });
    // Brackets inside strings (escaped quotes too) are text, not nesting.
    const inText = await send(
      JSON.stringify({
        title: '[{"\\'.repeat(40),
        notes: "[".repeat(2_000) + '"{'.repeat(1_000),
        case_type: "payment_fraud",
        severity: "low",
      }),
    );
    expect(inText.status).toBe(201);
  });

  it("keeps the order of checks: no key 401, wrong scope 403, over the rate limit 429, then the body", async () => {
    const raw = nest(100_000, '{"a":', "}", '"\\u0041"');
    const headers = { "content-type": "application/json" };
    expect((await call(`${api.url.live}/v1/cases`, { method: "POST", headers, raw })).status).toBe(401);
    const narrow = bearer((await api.key({ account: "deep-co", scopes: ["events:read"] })).key);
    expect((await call(`${api.url.live}/v1/cases`, { method: "POST", headers: { ...headers, ...narrow }, raw })).status).toBe(403);
    const limited = bearer((await api.key({ account: "deep-limited-co" })).key);
    await api.limit("deep-limited-co", 1);
    expect((await call(`${api.url.live}/v1/cases`, { method: "POST", headers: { ...headers, ...limited }, raw })).status).toBe(400);
    expect((await call(`${api.url.live}/v1/cases`, { method: "POST", headers: { ...headers, ...limited }, raw })).status).toBe(429);
  });
});
