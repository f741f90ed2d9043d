import fs from "node:fs";
import path from "node:path";

// What the console's production build is made from. Test files are left out: they are not part
// of the build, and editing one should not cost a rebuild at the next `npm start`.
const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = ["next.config.ts", "postcss.config.mjs", "package-lock.json", "proxy.ts", "tsconfig.json"];
const IGNORED = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** The first file under `dir` modified after `since` (ms), or undefined. Stops at the first hit. */
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

/**
 * Why the console needs `next build` before `next start`, or null when the build is current:
 * there is no build, or a source of the build changed after it (mtimes: a stat per file).
 * `distDir` is the build folder (ARGUS_NEXT_DIST_DIR; `.next` unless a tool builds its own).
 */
export function consoleBuildReason(root: string, distDir = ".next"): string | null {
  let builtAt: number;
  try {
    builtAt = fs.statSync(path.join(root, distDir, "BUILD_ID")).mtimeMs;
  } catch {
    return `no production build yet (${distDir}/BUILD_ID is missing)`;
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
