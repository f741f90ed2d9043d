import { describe, expect, it } from "vitest";
import { closingLine, crashedOutcome, playwrightOutcome, skippedOutcome, total, vitestOutcome } from "./test-results";

describe("vitestOutcome", () => {
  it("takes the counts of a green report, todo tests as skipped", () => {
    const o = vitestOutcome({ numPassedTests: 12, numFailedTests: 0, numPendingTests: 2, numTodoTests: 1, testResults: [] }, 0);
    expect(o).toMatchObject({ passed: 12, failed: 0, skipped: 3, notes: [] });
  });

  it("counts a test file that failed to load as one failure", () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 0,
      testResults: [
        { name: "/r/a.test.ts", status: "passed", assertionResults: [{ status: "passed" }] },
        { name: "/r/b.test.ts", status: "failed", message: "Cannot find module './x'\n  at …", assertionResults: [] },
      ],
    };
    const o = vitestOutcome(report, 1);
    expect(o.failed).toBe(1);
    expect(o.notes[0]).toContain("/r/b.test.ts failed outside any test: Cannot find module './x'");
  });

  it("does not count a file twice when its tests failed", () => {
    const report = {
      numPassedTests: 0,
      numFailedTests: 2,
      testResults: [{ status: "failed", assertionResults: [{ status: "failed" }, { status: "failed" }] }],
    };
    expect(vitestOutcome(report, 1).failed).toBe(2);
  });

  it("turns a non-zero exit with nothing failed into a failure", () => {
    const o = vitestOutcome({ numPassedTests: 5, numFailedTests: 0, testResults: [] }, 1);
    expect(o.failed).toBe(1);
    expect(o.notes[0]).toMatch(/exited with code 1/);
  });
});

describe("playwrightOutcome", () => {
  it("maps stats, flaky tests as passed", () => {
    const o = playwrightOutcome({ stats: { expected: 4, unexpected: 1, skipped: 2, flaky: 1 }, errors: [] }, 1);
    expect(o).toMatchObject({ passed: 5, failed: 1, skipped: 2 });
  });

  it("counts global errors (a failing globalSetup) as failures", () => {
    const o = playwrightOutcome(
      { stats: { expected: 0, unexpected: 0, skipped: 0, flaky: 0 }, errors: [{ message: "webServer exited early\nmore" }] },
      1,
    );
    expect(o.failed).toBe(1);
    expect(o.notes[0]).toContain("webServer exited early");
  });
});

describe("closing line", () => {
  it("sums every suite; skipped suites add nothing", () => {
    const sum = total([
      vitestOutcome({ numPassedTests: 10, numFailedTests: 1, numPendingTests: 0, testResults: [] }, 1),
      crashedOutcome("Playwright", "no report"),
      skippedOutcome("Other", "absent"),
    ]);
    expect(closingLine(sum)).toBe("10 passed, 2 failed");
  });

  it("stays exactly `N passed, M failed` when tests were skipped (CI reads nothing else)", () => {
    expect(closingLine({ passed: 3, failed: 0, skipped: 2 })).toBe("3 passed, 0 failed");
  });
});
