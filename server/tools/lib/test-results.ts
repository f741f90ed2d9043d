// Turning each runner's JSON report into counts for the one closing line of `npm test`.

export type Counts = { passed: number; failed: number; skipped: number };

export type SuiteOutcome = Counts & {
  suite: string;
  /** Why the suite counts failures beyond its failed tests, or why it did not run. */
  notes: string[];
  ran: boolean;
};

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

type VitestFile = { name?: string; status?: string; message?: string; assertionResults?: { status?: string }[] };

/**
 * Vitest's `json` reporter (Jest-compatible). A test file that fails to load has status "failed"
 * and no failed test: it counts as one failure, so a broken import never reads as green. A
 * non-zero exit with nothing failed (an unhandled error, no test matched) counts as one too.
 */
export function vitestOutcome(report: unknown, exitCode: number): SuiteOutcome {
  const r = (report ?? {}) as Record<string, unknown>;
  const outcome: SuiteOutcome = {
    suite: "Vitest",
    ran: true,
    passed: num(r.numPassedTests),
    failed: num(r.numFailedTests),
    skipped: num(r.numPendingTests) + num(r.numTodoTests),
    notes: [],
  };
  const files = Array.isArray(r.testResults) ? (r.testResults as VitestFile[]) : [];
  for (const file of files) {
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === "failed").length;
    if (file.status === "failed" && failedTests === 0) {
      outcome.failed += 1;
      const reason = (file.message ?? "").split("\n")[0]?.trim();
      outcome.notes.push(`${file.name ?? "a test file"} failed outside any test${reason ? `: ${reason}` : ""}`);
    }
  }
  if (exitCode !== 0 && outcome.failed === 0) {
    outcome.failed = 1;
    outcome.notes.push(
      `vitest exited with code ${exitCode} although no test failed (an unhandled error, or no test file matched): see its output above`,
    );
  }
  return outcome;
}

/** Playwright's `json` reporter: flaky tests passed on a retry, so they count as passed. */
export function playwrightOutcome(report: unknown, exitCode: number): SuiteOutcome {
  const r = (report ?? {}) as { stats?: Record<string, unknown>; errors?: { message?: string }[] };
  const stats = r.stats ?? {};
  const flaky = num(stats.flaky);
  const outcome: SuiteOutcome = {
    suite: "Playwright",
    ran: true,
    passed: num(stats.expected) + flaky,
    failed: num(stats.unexpected),
    skipped: num(stats.skipped),
    notes: flaky > 0 ? [`${flaky} flaky test(s) passed only on a retry`] : [],
  };
  const errors = Array.isArray(r.errors) ? r.errors : [];
  if (errors.length > 0 && outcome.failed === 0) {
    outcome.failed = errors.length;
    outcome.notes.push(`${errors.length} error(s) outside tests: ${(errors[0]?.message ?? "").split("\n")[0]}`);
  }
  if (exitCode !== 0 && outcome.failed === 0) {
    outcome.failed = 1;
    outcome.notes.push(`playwright exited with code ${exitCode} although no test failed: see its output above`);
  }
  return outcome;
}

/** A suite that was meant to run but produced no report: one failure, with the reason. */
export function crashedOutcome(suite: string, reason: string): SuiteOutcome {
  return { suite, ran: true, passed: 0, failed: 1, skipped: 0, notes: [reason] };
}

export function skippedOutcome(suite: string, reason: string): SuiteOutcome {
  return { suite, ran: false, passed: 0, failed: 0, skipped: 0, notes: [reason] };
}

export function total(outcomes: SuiteOutcome[]): Counts {
  return outcomes.reduce((t, o) => ({ passed: t.passed + o.passed, failed: t.failed + o.failed, skipped: t.skipped + o.skipped }), {
    passed: 0,
    failed: 0,
    skipped: 0,
  });
}

/** The closing line CI reads, exactly `N passed, M failed` (skipped tests are reported above it). */
export function closingLine(counts: Counts): string {
  return `${counts.passed} passed, ${counts.failed} failed`;
}
