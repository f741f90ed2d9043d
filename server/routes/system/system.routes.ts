import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { errorCatalogue } from "../../core/errors";

const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve("swagger-ui-dist/package.json"));
const assets: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
};
const assetCache = new Map<string, Buffer>();

const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] as string);

const referencePage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Argus API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div><script src="/docs/assets/swagger-ui-bundle.js"></script><script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="/docs/init.js"></script></body></html>`;
const initScript = `window.ui = SwaggerUIBundle({ dom_id: "#ui", deepLinking: true, layout: "StandaloneLayout",
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  urls: [{ url: "/v1/openapi.json", name: "Surface A (/v1)" }, { url: "/api/v1/openapi.json", name: "Surface B (/api/v1)" }] });`;

function errorsPage(): string {
  const rows = Object.entries(errorCatalogue)
    .map(([code, [status, text]]) => `<tr id="${code}"><td><code>${code}</code></td><td>${status}</td><td>${escape(text)}</td></tr>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Argus API errors</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:.5rem;text-align:left;vertical-align:top}
tr:target{background:#fef9c3}code{font-size:14px}</style></head><body><h1>Argus API errors</h1>
<p>Every error is a JSON object with a single <code>error</code> member: <code>code</code> (stable, machine-readable),
<code>message</code> (for developers), <code>doc_url</code> (this page), <code>request_id</code> (quote it to support) and,
for field errors, <code>param</code> (the dotted path of the field). Authentication errors of Surface B use the upper-case
codes and <code>docs_url</code>.</p><table><thead><tr><th>code</th><th>status</th><th>meaning</th></tr></thead><tbody>${rows}</tbody></table>
<p><a href="/docs">API reference</a></p></body></html>`;
}

/** Unauthenticated operational routes: health, readiness, metrics, and the rendered reference. */
export const systemRoutes = new Hono<AppEnv>()
  .get("/healthz", (c) => c.json({ status: "ok" }))
  .get("/readyz", async (c) => {
    try {
      await c.get("deps").database.ping();
      return c.json({ status: "ready", database: "ok" });
    } catch {
      return c.json({ status: "unavailable", database: "unreachable" }, 503);
    }
  })
  .get("/metrics", async (c) => {
    const registry = c.get("deps").metrics.registry;
    c.header("Content-Type", registry.contentType);
    return c.body(await registry.metrics());
  })
  .get("/docs", (c) => c.html(referencePage))
  .get("/docs/init.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    return c.body(initScript);
  })
  .get("/docs/errors", (c) => c.html(errorsPage()))
  .get("/docs/assets/:file", (c) => {
    const file = c.req.param("file");
    const type = assets[file];
    if (!type) return c.notFound();
    let body = assetCache.get(file);
    if (!body) {
      body = fs.readFileSync(path.join(swaggerDir, file));
      assetCache.set(file, body);
    }
    c.header("Content-Type", type);
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(new Uint8Array(body));
  });
