// `npm test`: every suite, in order, with one closing line that sums them all.
//
//   1. Vitest: unit tests and HTTP integration tests (vitest.config.ts). Extra arguments go to
//      Vitest: `npm test -- server/http` runs only those files (and skips the browser suite).
//   2. Playwright: e2e/**/*.spec.ts, once such specs exist and @playwright/test is installed.
//
// The last line printed is exactly `N passed, M failed`, which CI reads (skipped tests are
// counted on the line above it). A suite that crashes without a report counts as one failure,
// never as zero tests.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describeExit, exitStatus, startChild, type StartedChild } from "./lib/children";
import { changedDuringRun, trackedChanges } from "./lib/tracked-files";
import {
  closingLine,
  crashedOutcome,
  playwrightOutcome,
  skippedOutcome,
  total,
  vitestOutcome,
  type SuiteOutcome,
} from "./lib/test-results";

const root = fileURLToPath(new URL("../..", import.meta.url));
const extraArgs = process.argv.slice(2);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "argus-test-"));
const outcomes: SuiteOutcome[] = [];
let current: StartedChild | undefined;
let interrupted: NodeJS.Signals | undefined;

const heading = (title: string) => process.stdout.write(`\n━━ ${title} ━━\n\n`);

// Ctrl+C reaches the runner too (same process group); we forward it for `kill <pid>` and then
// still print the closing line, so an interrupted run never reads as a green one.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) {
      current?.process.kill("SIGKILL");
      return;
    }
    interrupted = signal;
    current?.process.kill(signal);
  });
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

async function runSuite(name: string, command: string, args: string[], env?: NodeJS.ProcessEnv) {
  current = startChild(name, command, args, { cwd: root, env: env ?? process.env });
  const exit = await current.exited;
  current = undefined;
  return exit;
}

async function vitest(): Promise<SuiteOutcome> {
  heading(`Vitest: unit and HTTP integration tests${extraArgs.length ? ` (${extraArgs.join(" ")})` : ""}`);
  const report = path.join(tmp, "vitest.json");
  const exit = await runSuite("vitest", path.join(root, "node_modules/.bin/vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...extraArgs,
  ]);
  const json = readJson(report);
  if (json === undefined)
    return crashedOutcome(
      "Vitest",
      `vitest ${describeExit(exit)} without writing its JSON report: it crashed or was stopped (see its output above)`,
    );
  return vitestOutcome(json, exitStatus(exit));
}

function findSpecs(dir: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : findSpecs(full);
    return e.isFile() && e.name.endsWith(".spec.ts") ? [full] : [];
  });
}

async function playwright(): Promise<SuiteOutcome> {
  const specs = findSpecs(path.join(root, "e2e"));
  if (specs.length === 0) return skippedOutcome("Playwright", "no e2e/**/*.spec.ts yet");
  if (extraArgs.length > 0) return skippedOutcome("Playwright", "not run when arguments select Vitest tests");
  const cli = path.join(root, "node_modules/@playwright/test/cli.js");
  if (!fs.existsSync(cli)) {
    return skippedOutcome(
      "Playwright",
      `${specs.length} spec file(s) in e2e/, but @playwright/test is not installed (only playwright-core is)`,
    );
  }
  heading(`Playwright: browser tests (${specs.length} spec file${specs.length === 1 ? "" : "s"})`);
  const report = path.join(tmp, "playwright.json");
  const exit = await runSuite("playwright", process.execPath, [cli, "test", "--reporter=list,json"], {
    ...process.env,
    // Both names: older releases read _NAME, newer ones _FILE.
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
  });
  const json = readJson(report);
  if (json === undefined)
    return crashedOutcome("Playwright", `playwright ${describeExit(exit)} without writing its JSON report (see its output above)`);
  return playwrightOutcome(json, exitStatus(exit));
}

function report(): void {
  heading("Summary");
  for (const o of outcomes) {
    const counts = o.ran ? `${o.passed} tests passed, ${o.failed} failed${o.skipped ? `, ${o.skipped} skipped` : ""}` : "not run";
    process.stdout.write(`${o.suite.padEnd(11)} ${counts}\n`);
    for (const note of o.notes) process.stdout.write(`${"".padEnd(11)} - ${note}\n`);
  }
  if (interrupted) process.stdout.write(`Interrupted by ${interrupted}: the run is incomplete and counts as failed.\n`);
  const sum = total(outcomes);
  if (interrupted && sum.failed === 0) sum.failed = 1;
  if (sum.skipped > 0) process.stdout.write(`(${sum.skipped} skipped, not counted)\n`);
  process.stdout.write(`${closingLine(sum)}\n`);
  process.exitCode = sum.failed > 0 ? 1 : 0;
}

const trackedBefore = trackedChanges(root);
try {
  outcomes.push(await vitest());
  if (!interrupted) outcomes.push(await playwright());
  const touched = changedDuringRun(trackedBefore, trackedChanges(root));
  if (touched.length > 0)
    outcomes.push(crashedOutcome("Checkout", `the run changed tracked files (a build or test must not): ${touched.join(", ")}`));
} catch (err) {
  outcomes.push(crashedOutcome("npm test", `the test runner itself failed: ${(err as Error).stack ?? err}`));
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
report();
