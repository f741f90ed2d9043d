import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

// Serves Swagger UI's browser files from node_modules/swagger-ui-dist, so the API reference
// works offline and the CSP can stay 'self' (no CDN). Only the allow-listed names are served:
// the file name comes from the URL and must never become a path into the file system.

export const runtime = "nodejs";

const ASSETS: Readonly<Record<string, string>> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

// The page requests these with ?v=<swagger-ui-dist version>, so a year-long immutable cache is
// safe: upgrading the package changes the URL.
//
// Not compressed here: Next.js does not compress route handler responses and strips a
// Content-Encoding header set by one. The bundle is 1.7 MB raw (about 400 kB with brotli), so put
// a compressing reverse proxy in front in production; the immutable cache makes it a one-time
// download per browser either way.
const CACHE_CONTROL = "public, max-age=31536000, immutable";

type Asset = { body: Uint8Array<ArrayBuffer>; etag: string };

const loaded = new Map<string, Promise<Asset>>();

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const contentType = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
  if (!contentType) {
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }

  const asset = await loadAsset(file);
  const headers = { "cache-control": CACHE_CONTROL, etag: asset.etag };
  if (request.headers.get("if-none-match") === asset.etag) return new Response(null, { status: 304, headers });
  return new Response(asset.body, { headers: { ...headers, "content-type": contentType } });
}

// Read once per process: the files are megabytes and never change while the server runs.
function loadAsset(file: string): Promise<Asset> {
  let asset = loaded.get(file);
  if (!asset) {
    asset = readFile(path.join(swaggerUiDistDir(), file)).then((raw) => ({
      body: new Uint8Array(raw),
      etag: `"${createHash("sha256").update(raw).digest("base64url").slice(0, 27)}"`,
    }));
    // A failed read must not be cached forever.
    asset.catch(() => loaded.delete(file));
    loaded.set(file, asset);
  }
  return asset;
}

// Located through Node's resolver at request time, so it works whatever the node_modules layout.
// The magic comment matters: without it the bundler replaces require.resolve() with its own
// module id (a number), not a path. Consequence: file tracing does not see these files, so an
// `output: "standalone"` build would need them in `outputFileTracingIncludes`.
function swaggerUiDistDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve(/* webpackIgnore: true */ "swagger-ui-dist/package.json"));
}
