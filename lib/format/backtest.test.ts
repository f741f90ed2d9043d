import { describe, expect, it } from "vitest";
import { countOf, outcomeRows } from "./backtest";

const side = (caught: number, missed: number, fp: number) => ({
  fraud_caught: caught,
  fraud_missed: missed,
  false_positives: fp,
  fraud: { allow: missed, challenge: 0, block: caught },
  legit: { allow: 0, challenge: 0, block: fp },
});

describe("backtest words", () => {
  it("counts with the right plural", () => {
    expect(countOf(1, "decision")).toBe("1 decision");
    expect(countOf(1204, "decision")).toBe("1,204 decisions");
  });

  it("compares engine and draft on the labelled outcomes", () => {
    const rows = outcomeRows({
      labelled_fraud: 10,
      labelled_legit: 20,
      live: side(6, 4, 3),
      draft: side(8, 2, 1),
      fraud_caught_added: 3,
      fraud_caught_lost: 1,
      false_positives_added: 0,
      false_positives_removed: 2,
    });
    expect(rows.map((r) => [r.live, r.draft, r.change])).toEqual([
      [6, 8, "3 more caught, 1 no longer caught"],
      [4, 2, "1 more missed, 3 fewer missed"],
      [3, 1, "2 removed"],
    ]);
  });
});
