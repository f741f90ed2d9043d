import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestApi, type TestApi } from "../../test/harness";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe("operational routes", () => {
  it("serves /healthz and /readyz on both listeners", async () => {
    for (const env of ["live", "test"] as const) {
      expect((await call(`${api.url[env]}/healthz`)).body).toEqual({ status: "ok" });
      expect((await call(`${api.url[env]}/readyz`)).body).toEqual({ status: "ready", database: "ok" });
    }
  });

  it("exposes Prometheus metrics per route template and status", async () => {
    await call(`${api.url.live}/api/v1/api-keys/key_123/revoke`, { method: "POST" });
    await call(`${api.url.live}/v1/unknown`);
    const r = await fetch(`${api.url.live}/metrics`);
    const text = await r.text();
    expect(r.headers.get("content-type")).toContain("text/plain");
    expect(text).toMatch(
      /argus_http_requests_total\{method="POST",route="\/api\/v1\/api-keys\/:id\/revoke",status="401",environment="live"\} 1/,
    );
    expect(text).toMatch(/argus_http_requests_total\{method="GET",route="unmatched",status="404",environment="live"\} 1/);
    expect(text).toContain("argus_http_request_duration_seconds_bucket");
  });

  it("serves OpenAPI 3.1 documents generated from the routes", async () => {
    const a = await call(`${api.url.live}/v1/openapi.json`);
    expect(a.status).toBe(200);
    expect(a.body.openapi).toBe("3.1.0");
    const b = await call(`${api.url.live}/api/v1/openapi.json`);
    expect(b.body.paths["/api/v1/api-keys"].post).toBeDefined();
    expect(b.body.paths["/api/v1/analysts/authenticate"].post).toBeDefined();
    expect(b.body.components.schemas.Error).toBeDefined();
    // Analyze refuses a request without the key: generated clients must know they send it.
    for (const path of ["/api/v1/transactions/analyze", "/api/v1/transactions/analyze/sandbox"]) {
      const header = b.body.paths[path].post.parameters.find((p: { name: string }) => p.name === "x-idempotency-key");
      expect(header, path).toMatchObject({ in: "header", required: true });
    }
    expect(JSON.stringify(a.body.paths ?? {})).not.toContain("/api/v1/");
  });

  it("renders the API reference and the error catalogue", async () => {
    const docs = await fetch(`${api.url.live}/docs`);
    expect(await docs.text()).toContain("/docs/assets/swagger-ui-bundle.js");
    const asset = await fetch(`${api.url.live}/docs/assets/swagger-ui-bundle.js`);
    expect(asset.status).toBe(200);
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    expect((await fetch(`${api.url.live}/docs/assets/..%2Fpackage.json`)).status).toBe(404);
    const errors = await (await fetch(`${api.url.live}/docs/errors`)).text();
    for (const code of ["invalid_api_key", "idempotency_conflict", "rate_limit_exceeded", "invalid_state_transition"]) {
      expect(errors).toContain(`id="${code}"`);
    }
  });

  it("marks every response uncacheable and with a request id", async () => {
    const r = await fetch(`${api.url.live}/healthz`);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("request-id")).toMatch(/^req_[0-9a-z]{26}$/);
  });
});
