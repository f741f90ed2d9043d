import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../test/harness";
import { scoreBody } from "../surfaces/a/transactions/test-helpers";

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

const ODD_VALUES: unknown[] = [null, true, 0, -1, 1e308, 2 ** 53 + 1, 1.5, "", " ", "x".repeat(5000), "\u0000", "😀", "١٢٣", "０１２３", [], [1], {}, { a: 1 }, "2026-13-45", "NaN"];
const ODD_PARAMS = ["", "%00", "%FF", "x".repeat(3000), "-1", "0", "101", "1e2", "2026-13-45", "2026-01-01T00:00:00+99:00", "%F0%9F%98%80", "a,b", "%27%3B--", "9999999999999999999999"];

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
      ["/v1/transactions/score", { ...scoreBody({ user: { id: "u1", email: "a@example.com", ip_address: "81.2.69.1", phone: "+14155550100" }, merchant: { id: "m1", category: "apparel" } }), metadata: { k: "v" } }],
      ["/v1/transactions/verify", { payment_method: { type: "card", card_bin: "411111", last_four: "1111" }, amount: 100, currency: "USD", user: { id: "u1" } }],
      ["/v1/device/session", { page_url: "https://shop.example.com/x", user_id: "u", action: "login", device_fingerprint: "abcdefgh12", ip_address: "1.2.3.4" }],
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
