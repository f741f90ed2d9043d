import { describe, expect, it } from "vitest";
import { isCrossOriginWrite, originAllowed } from "./same-origin";

const h = (init: Record<string, string>) => new Headers(init);

describe("isCrossOriginWrite", () => {
  it("lets reads through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"])
      expect(isCrossOriginWrite(method, h({ origin: "https://evil.example", host: "console.example" }))).toBe(false);
  });

  it("accepts a write from the console's own host, by Host or by the first X-Forwarded-Host", () => {
    expect(isCrossOriginWrite("POST", h({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }))).toBe(false);
    expect(
      isCrossOriginWrite(
        "POST",
        h({ origin: "https://Console.Example", host: "127.0.0.1:3000", "x-forwarded-host": "console.example, proxy.internal" }),
      ),
    ).toBe(false);
  });

  it("refuses another origin, the null origin, an unparsable one and a port that differs", () => {
    expect(isCrossOriginWrite("POST", h({ origin: "https://evil.example", host: "console.example" }))).toBe(true);
    expect(isCrossOriginWrite("PATCH", h({ origin: "null", host: "console.example" }))).toBe(true);
    expect(isCrossOriginWrite("POST", h({ origin: "not a url", host: "console.example" }))).toBe(true);
    expect(isCrossOriginWrite("POST", h({ origin: "http://127.0.0.1:3001", host: "127.0.0.1:3000" }))).toBe(true);
    // Behind a proxy the forwarded host is the one the browser saw; Host alone does not vouch.
    expect(
      isCrossOriginWrite("POST", h({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000", "x-forwarded-host": "console.example" })),
    ).toBe(true);
  });

  it("without an Origin, refuses only what the browser marks cross-site", () => {
    expect(isCrossOriginWrite("POST", h({ host: "console.example", "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossOriginWrite("POST", h({ host: "console.example", "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isCrossOriginWrite("POST", h({ host: "console.example" }))).toBe(false);
  });

  it("accepts the allowed origins, with Next.js's wildcard rules", () => {
    const allowed = ["console.example.com", "*.review.example.com", "**.corp.example"];
    expect(isCrossOriginWrite("POST", h({ origin: "https://console.example.com", host: "internal:3000" }), allowed)).toBe(false);
    expect(isCrossOriginWrite("POST", h({ origin: "https://a.review.example.com", host: "internal:3000" }), allowed)).toBe(false);
    expect(originAllowed("a.b.review.example.com", allowed)).toBe(false);
    expect(originAllowed("review.example.com", allowed)).toBe(false);
    expect(originAllowed("x.y.corp.example", allowed)).toBe(true);
    expect(originAllowed("anything.example", ["*"])).toBe(false);
    expect(originAllowed("anything.example", ["**"])).toBe(false);
  });
});
