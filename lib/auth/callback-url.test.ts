import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, safeCallbackPath } from "./callback-url";

describe("safeCallbackPath", () => {
  it("keeps paths of this console, with their query and hash", () => {
    expect(safeCallbackPath("/settings/api-keys")).toBe("/settings/api-keys");
    expect(safeCallbackPath("/alerts?status=open&cursor=a,b#top")).toBe("/alerts?status=open&cursor=a,b#top");
  });

  it("refuses anything that could leave the console", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/path",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "/\u0000",
      "/ok\ttab",
      "evil.example",
      "",
      undefined,
      42,
      "/" + "a".repeat(3000),
    ]) {
      expect(safeCallbackPath(value), String(value)).toBe(DEFAULT_AFTER_SIGN_IN);
    }
  });

  it("keeps percent-encoded characters encoded (they stay inside the path)", () => {
    expect(safeCallbackPath("/cases/%0d%0aLocation:x")).toBe("/cases/%0d%0aLocation:x");
  });

  it("avoids loops through the sign-in and auth routes", () => {
    expect(safeCallbackPath("/sign-in?callbackUrl=/x")).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackPath("/api/auth/signout")).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackPath("/nope", "/fallback")).toBe("/nope");
    expect(safeCallbackPath("https://x", "/fallback")).toBe("/fallback");
  });
});
