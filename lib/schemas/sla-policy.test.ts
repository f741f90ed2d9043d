import { describe, expect, it } from "vitest";
import { SlaFormSchema } from "./sla-policy";
import { slaChanges, slaDraftOf } from "./sla-fields";

const d = { critical: 14_400, high: 86_400, medium: 259_200, low: 604_800 };
const saved = { case_due_seconds: d, alert_due_seconds: d };

describe("the SLA policy form", () => {
  it("shows seconds as minutes and reads minutes back as seconds", () => {
    const draft = slaDraftOf(saved);
    expect(draft.case_due_seconds.critical).toBe("240");
    const parsed = SlaFormSchema.parse({ ...draft, case_due_seconds: { ...draft.case_due_seconds, critical: "0.25" } });
    expect(parsed.case_due_seconds.critical).toBe(15);
    expect(parsed.alert_due_seconds.low).toBe(604_800);
  });

  it("refuses zero, negative and non-numbers, naming the field", () => {
    const draft = slaDraftOf(saved);
    for (const bad of ["0", "-5", "abc", ""]) {
      const r = SlaFormSchema.safeParse({ ...draft, alert_due_seconds: { ...draft.alert_due_seconds, high: bad } });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(["alert_due_seconds", "high"]);
    }
  });

  it("lists each change in words", () => {
    expect(slaChanges(saved, { case_due_seconds: { ...d, critical: 60 }, alert_due_seconds: d })).toEqual([
      "Critical cases: due 4 h → 1 min after opening",
    ]);
    expect(slaChanges(saved, { case_due_seconds: d, alert_due_seconds: d })).toEqual([]);
  });
});
