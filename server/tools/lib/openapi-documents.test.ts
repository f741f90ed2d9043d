import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@hey-api/openapi-ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatorJobs, surfaces } from "../../../openapi/openapi-ts.config";
import { documentText, servedDocuments, sortKeys } from "./openapi-documents";

// The console's wire types are generated from the API's documents and checked in; this fails as
// soon as a route's schema changes without them being regenerated.
const root = fileURLToPath(new URL("../../..", import.meta.url));
const stale = "is stale: run npm run openapi:write && npm run openapi:generate";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "argus-openapi-"));
let served: Awaited<ReturnType<typeof servedDocuments>>;
beforeAll(async () => {
  served = await servedDocuments();
  for (const { file, text } of served) fs.writeFileSync(path.join(tmp, path.basename(file)), text);
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Every file under dir, by path relative to it, with its text. */
function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const relative = path.join(sub, entry.name);
      if (entry.isDirectory()) walk(relative);
      else files.set(relative, fs.readFileSync(path.join(dir, relative), "utf8"));
    }
  };
  if (fs.existsSync(dir)) walk("");
  return files;
}

describe("the checked-in OpenAPI documents and generated wire types", () => {
  it("sorts keys at every depth and ends with a newline", () => {
    expect(JSON.stringify(sortKeys({ b: [{ d: 1, c: 2 }], a: null }))).toBe('{"a":null,"b":[{"c":2,"d":1}]}');
    expect(documentText({ a: 1 })).toBe('{\n  "a": 1\n}\n');
  });

  it("openapi/*.json are the documents the API serves", () => {
    for (const { file, text } of served) {
      const checkedIn = fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), "utf8") : "";
      expect(checkedIn === text, `${file} ${stale}`).toBe(true);
    }
  });

  it("no named object schema is nullable (a field's `Ref.nullable().openapi()` renames the null copy)", () => {
    for (const { file, text } of served) {
      const schemas = (JSON.parse(text) as { components?: { schemas?: Record<string, { type?: unknown }> } }).components?.schemas ?? {};
      const nullable = Object.entries(schemas).filter(
        ([, s]) => Array.isArray(s.type) && s.type.includes("object") && s.type.includes("null"),
      );
      expect(nullable.map(([name]) => `${file}: ${name}`)).toEqual([]);
    }
  });

  it("lib/api/generated is what the generator makes of them", async () => {
    await createClient(
      generatorJobs(
        (surface) => path.join(tmp, `${surface}.json`),
        (surface) => path.join(tmp, "generated", surface),
      ),
    );
    for (const surface of surfaces) {
      const fresh = readTree(path.join(tmp, "generated", surface));
      const checkedIn = readTree(path.join(root, "lib/api/generated", surface));
      expect(fresh.size).toBeGreaterThan(0);
      expect([...checkedIn.keys()].sort(), `lib/api/generated/${surface} ${stale}`).toEqual([...fresh.keys()].sort());
      for (const [file, text] of fresh) expect(checkedIn.get(file) === text, `lib/api/generated/${surface}/${file} ${stale}`).toBe(true);
    }
  });
});
