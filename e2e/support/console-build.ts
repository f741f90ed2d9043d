import fs from "node:fs";
import path from "node:path";

// Whether the suite's console build (.next-e2e) is older than its sources, the same rule
// `npm start` applies to .next (server/tools/lib/console-build.ts): the build is reused when no
// source of it changed since, which saves minutes on every run after the first.

const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = ["next.config.ts", "postcss.config.mjs", "package-lock.json", "proxy.ts", "tsconfig.json"];
const IGNORED = /\.(test|spec)\.[cm]?[jt]sx?$/;

function newerFile(dir: string, since: number): string | undefined {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const hit = newerFile(full, since);
      if (hit) return hit;
    } else if (entry.isFile() && !IGNORED.test(entry.name)) {
      if (fs.statSync(full).mtimeMs > since) return full;
    }
  }
  return undefined;
}

/** Why `distDir` needs a fresh `next build`, or null when it is newer than every source file. */
export function buildReason(root: string, distDir: string): string | null {
  let builtAt: number;
  try {
    builtAt = fs.statSync(path.join(root, distDir, "BUILD_ID")).mtimeMs;
  } catch {
    return `no build in ${distDir} yet`;
  }
  for (const file of SOURCE_FILES) {
    try {
      if (fs.statSync(path.join(root, file)).mtimeMs > builtAt) return `${file} changed since the last build`;
    } catch {
      /* optional file */
    }
  }
  for (const dir of SOURCE_DIRS) {
    const hit = newerFile(path.join(root, dir), builtAt);
    if (hit) return `${path.relative(root, hit)} changed since the last build`;
  }
  return null;
}
