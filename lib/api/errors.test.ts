import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { errorFromResponse } = await import("./errors");

describe("errorFromResponse", () => {
  it("keeps Retry-After of a 429 in seconds", () => {
    const error = errorFromResponse(429, { error: { code: "rate_limit_exceeded", message: "Slow down", request_id: "req_1" } }, null, "42");
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(42);
    expect(error.requestId).toBe("req_1");
  });

  it("ignores a missing or malformed Retry-After", () => {
    expect(errorFromResponse(429, undefined, "req_2").retryAfterSeconds).toBeUndefined();
    expect(errorFromResponse(429, undefined, "req_2", "Wed, 21 Oct 2026 07:28:00 GMT").retryAfterSeconds).toBeUndefined();
  });
});
