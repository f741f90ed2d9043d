import { describe, expect, it } from "vitest";
import { slaSecondsOf, type SlaDraft } from "./sla-fields";
import { SlaFormSchema } from "./sla-policy";

const draft = (value: string): SlaDraft => {
  const side = { critical: value, high: "60", medium: "240", low: "1440" };
  return { case_due_seconds: side, alert_due_seconds: { ...side } };
};

// The change count follows the typing without zod: for a valid draft it is the schema's output.
describe("slaSecondsOf", () => {
  it("gives SlaFormSchema's seconds for valid drafts", () => {
    for (const value of ["1", "0.5", " 15 ", "90.25", "527040"]) {
      const parsed = SlaFormSchema.safeParse(draft(value));
      expect(parsed.success, value).toBe(true);
      expect(slaSecondsOf(draft(value))).toEqual(parsed.data);
    }
  });

  it("gives NaN for text that is not a number (counted as unchanged)", () => {
    expect(slaSecondsOf(draft("soon")).case_due_seconds.critical).toBeNaN();
  });
});
