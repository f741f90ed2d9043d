import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";

// First-load JavaScript per console route, from a `next build` folder (Next.js 16, Turbopack).
//
// What a browser downloads on a hard load of a route: the build's root main files
// (build-manifest.json `rootMainFiles`: runtime, React, the router) plus every chunk the route's
// segment tree needs — `entryJSFiles` of the route's client reference manifest, one entry per
// layout, page, loading, error, not-found and forbidden boundary of the route; all of them are
// referenced by the initial RSC payload and loaded before hydration. `polyfillFiles` are
// `nomodule` scripts that modern browsers skip, so they are left out. Sizes are each file
// gzip-compressed on its own at level 9 (what a static server with gzip sends, give or take).

type RouteBundle = { route: string; files: string[]; raw_bytes: number; gzip_bytes: number; route_only_gzip_bytes: number };
export type BundleReport = {
  dist_dir: string;
  method: string;
  shared: { files: string[]; raw_bytes: number; gzip_bytes: number };
  routes: RouteBundle[];
  css_gzip_bytes: number;
};

/** "/(console)/alerts/[id]/page" → "/alerts/[id]" (route groups do not appear in URLs). */
export function routeOfEntry(entry: string): string {
  const parts = entry.split("/").filter((p) => p && p !== "page" && !/^\(.*\)$/.test(p));
  return `/${parts.join("/")}`;
}

function readClientManifest(file: string): { entryJSFiles?: Record<string, string[]>; entryCSSFiles?: Record<string, { path: string }[]> } {
  // The file assigns globalThis.__RSC_MANIFEST[route] = {...}; run it in an empty context.
  const sandbox: { __RSC_MANIFEST?: Record<string, unknown> } = {};
  (sandbox as Record<string, unknown>).globalThis = sandbox;
  vm.runInNewContext(fs.readFileSync(file, "utf8"), sandbox, { timeout: 5000 });
  const values = Object.values(sandbox.__RSC_MANIFEST ?? {});
  if (values.length !== 1) throw new Error(`${file}: expected one route in the manifest, found ${values.length}`);
  return values[0] as ReturnType<typeof readClientManifest>;
}

function findManifests(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findManifests(full));
    else if (entry.name === "page_client-reference-manifest.js") out.push(full);
  }
  return out;
}

export function measureBundles(distDir: string): BundleReport {
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const size = (file: string) => {
    let s = sizes.get(file);
    if (!s) {
      const buf = fs.readFileSync(path.join(distDir, file));
      s = { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
      sizes.set(file, s);
    }
    return s;
  };
  const sum = (files: Iterable<string>, key: "raw" | "gzip") => [...files].reduce((n, f) => n + size(f)[key], 0);

  const build = JSON.parse(fs.readFileSync(path.join(distDir, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const root = new Set(build.rootMainFiles);
  const appDir = path.join(distDir, "server", "app");
  const perRoute: { route: string; files: Set<string> }[] = [];
  const css = new Set<string>();
  for (const file of findManifests(appDir)) {
    const entry = `/${path.relative(appDir, path.dirname(file)).split(path.sep).join("/")}/page`.replace(/^\/\//, "/");
    const manifest = readClientManifest(file);
    const files = new Set(root);
    for (const list of Object.values(manifest.entryJSFiles ?? {})) for (const f of list) files.add(f);
    for (const list of Object.values(manifest.entryCSSFiles ?? {})) for (const f of list) css.add(f.path);
    perRoute.push({ route: routeOfEntry(entry), files });
  }
  // Shared: what every console page loads (the root files and the (console) layout's chunks);
  // the sign-in page and the API reference are left out of the intersection on purpose.
  const consoleRoutes = perRoute.filter((r) => !["/sign-in", "/reference", "/", "/_not-found", "/_global-error"].includes(r.route));
  const shared = new Set([...(consoleRoutes[0]?.files ?? [])].filter((f) => consoleRoutes.every((r) => r.files.has(f))));

  return {
    dist_dir: distDir,
    method:
      "rootMainFiles (build-manifest.json) + entryJSFiles of the route's page_client-reference-manifest.js (every layout/page/loading/error boundary of the route); each file gzip level 9, summed",
    shared: { files: [...shared], raw_bytes: sum(shared, "raw"), gzip_bytes: sum(shared, "gzip") },
    routes: perRoute
      .map((r) => ({
        route: r.route,
        files: [...r.files],
        raw_bytes: sum(r.files, "raw"),
        gzip_bytes: sum(r.files, "gzip"),
        route_only_gzip_bytes: sum(
          [...r.files].filter((f) => !shared.has(f)),
          "gzip",
        ),
      }))
      .sort((a, b) => a.route.localeCompare(b.route)),
    css_gzip_bytes: [...css].reduce((n, f) => n + size(f).gzip, 0),
  };
}

/** Issue 32's target for each route's first load. */
export const BUNDLE_TARGET_BYTES = 250 * 1024;

/** Every route of the build as a Markdown table (kB = 1,024 bytes). */
export function bundlesTable(report: BundleReport): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  return [
    `shared by every console page: ${kb(report.shared.gzip_bytes)}`,
    "",
    "| Route | First-load JS (gzip) | of which only this route | ≤ 250 kB |",
    "|---|---:|---:|:---:|",
    ...report.routes.map(
      (r) =>
        `| \`${r.route}\` | ${kb(r.gzip_bytes)} | ${kb(r.route_only_gzip_bytes)} | ${r.gzip_bytes <= BUNDLE_TARGET_BYTES ? "yes" : "**no**"} |`,
    ),
  ].join("\n");
}
