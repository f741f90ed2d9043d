import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// A test run must leave the checkout as it found it: a build that rewrites a tracked file (Next.js
// rewriting tsconfig.json for its build folder, say) leaves every checkout dirty after `npm test`.

/** The tracked files that differ from HEAD, each with a hash of its content now. */
export function trackedChanges(root: string): Map<string, string> {
  let listed: string;
  try {
    listed = execFileSync("git", ["diff", "--name-only", "HEAD"], { cwd: root, encoding: "utf8" });
  } catch {
    return new Map(); // not a git checkout: nothing to compare
  }
  const hashes = new Map<string, string>();
  for (const file of listed.split("\n").filter(Boolean)) {
    const full = path.join(root, file);
    hashes.set(file, fs.existsSync(full) ? crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex") : "deleted");
  }
  return hashes;
}

/** Tracked files the run changed: changed now but not before, or changed again since. */
export function changedDuringRun(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([file, hash]) => before.get(file) !== hash).map(([file]) => file);
}
