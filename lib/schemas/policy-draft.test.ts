import { describe, expect, it } from "vitest";
import { bandsAreValid } from "./policy-draft";
import { ScoreBandsInputSchema } from "./policy";

// The editor judges the bands by hand on every render (no zod at first paint); it must give the
// schema's verdict, which the form shows when it validates.
describe("bandsAreValid", () => {
  it("agrees with ScoreBandsInputSchema", () => {
    const values = [-1, 0, 0.5, 1, 2, 49, 50, 51, 99, 100, 100.5, 101, Number.NaN, Number.POSITIVE_INFINITY];
    for (const block of values)
      for (const challenge of values)
        expect(bandsAreValid({ block, challenge }), `block ${block}, challenge ${challenge}`).toBe(
          ScoreBandsInputSchema.safeParse({ block, challenge }).success,
        );
  });
});
