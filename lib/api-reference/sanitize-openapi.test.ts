import { describe, expect, it } from "vitest";
import { isInternalHostname, sanitizeOpenApiDocument } from "./sanitize-openapi";

const internal = [
  { internalUrl: "http://127.0.0.1:4000", publicUrl: undefined },
  { internalUrl: "http://127.0.0.1:4001", publicUrl: undefined },
];

function doc() {
  return {
    openapi: "3.1.0",
    info: { title: "Argus", version: "1", description: "Call http://127.0.0.1:4000/v1 or http://localhost:4001/v1 (host 127.0.0.1:4000)." },
    servers: [
      { url: "http://127.0.0.1:4000/v1", description: "Production" },
      { url: "http://127.0.0.1:4001/v1", description: "Sandbox" },
      { url: "http://argus-api:4000/v1", description: "Container" },
      { url: "https://{tenant}.example.com/v1" },
      { url: "https://api.example.com/v1", description: "Public" },
    ],
    paths: {
      "/x": {
        servers: [{ url: "http://10.1.2.3:4000" }],
        get: { servers: [{ url: "http://127.0.0.1:4000" }], responses: { "200": { description: "see http://127.0.0.1:4000/v1/x" } } },
      },
    },
  };
}

describe("sanitizeOpenApiDocument", () => {
  it("leaves no internal address anywhere when no public URL is configured", () => {
    const out = sanitizeOpenApiDocument(doc(), internal) as ReturnType<typeof doc>;
    const text = JSON.stringify(out);
    expect(text).not.toMatch(/127\.0\.0\.1|localhost|argus-api|10\.1\.2\.3/);
    expect(out.servers.map((s) => s.url)).toEqual(["/v1", "https://{tenant}.example.com/v1", "https://api.example.com/v1"]);
    expect(out.paths["/x"].servers).toEqual([{ url: "/" }]);
    expect(out.paths["/x"].get.servers).toEqual([{ url: "/" }]);
    expect(out.info.description).toBe("Call /v1 or /v1 (host the Argus API host).");
  });

  it("maps each internal address to its own public URL", () => {
    const out = sanitizeOpenApiDocument(doc(), [
      { internalUrl: "http://127.0.0.1:4000", publicUrl: "https://api.argus.example" },
      { internalUrl: "http://127.0.0.1:4001", publicUrl: "https://sandbox.argus.example/" },
    ]) as ReturnType<typeof doc>;
    expect(out.servers).toEqual([
      { url: "https://api.argus.example/v1", description: "Production" },
      { url: "https://sandbox.argus.example/v1", description: "Sandbox" },
      // The container host falls back to the production public URL, then dedupes away.
      { url: "https://{tenant}.example.com/v1" },
      { url: "https://api.example.com/v1", description: "Public" },
    ]);
    expect(out.info.description).toContain("https://api.argus.example/v1");
    expect(out.info.description).toContain("https://sandbox.argus.example/v1");
  });

  it("does not alter a document without internal addresses", () => {
    const clean = { openapi: "3.1.0", info: { title: "t", version: "1" }, servers: [{ url: "https://api.example.com" }], paths: {} };
    expect(sanitizeOpenApiDocument(clean, internal)).toEqual(clean);
  });
});

describe("isInternalHostname", () => {
  it.each([
    "localhost",
    "127.0.0.1",
    "[::1]",
    "10.0.0.5",
    "192.168.1.9",
    "172.20.0.2",
    "169.254.1.1",
    "fd00::1",
    "argus-api",
    "db.internal",
    "0.0.0.0",
  ])("%s is internal", (host) => expect(isInternalHostname(host)).toBe(true));
  it.each(["api.example.com", "8.8.8.8", "2001:4860:4860::8888"])("%s is public", (host) => expect(isInternalHostname(host)).toBe(false));
});
