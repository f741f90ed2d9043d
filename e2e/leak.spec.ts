import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./support/fixtures";
import { leaksIn } from "./support/leaks";
import { DIST_DIR } from "./support/ports";

// Quality bar, the build: no API key, console secret or internal API address in the files the
// browser may download (.next-e2e/static). The responses themselves are checked at the end of
// views.spec.ts, over everything the suite's pages received.

const root = fileURLToPath(new URL("..", import.meta.url));

test(`no key, secret or internal address in the built client files (${DIST_DIR}/static)`, async () => {
  const dir = path.join(root, DIST_DIR, "static");
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(dir);
  expect(files.length).toBeGreaterThan(10);
  const leaks: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    const name = path.relative(root, file);
    leaks.push(...leaksIn([{ url: name, status: 0, headers: {}, body: text }]));
    // The default internal addresses too, whatever this run's ports.
    for (const address of ["127.0.0.1:4000", "127.0.0.1:4001", "localhost:4000", "localhost:4001"]) {
      if (text.includes(address)) leaks.push(`${address} in ${name}`);
    }
  }
  expect(leaks, `secrets in built files:\n${leaks.join("\n")}`).toEqual([]);
});
