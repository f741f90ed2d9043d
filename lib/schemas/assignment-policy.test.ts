import { describe, expect, it } from "vitest";
import { AssignmentFormSchema } from "./assignment-policy";
import { assignmentChanges, rulesForApi } from "./assignment-rules";

const nameOf = (id: string) => ({ ana_1: "Ana", ana_2: "Bob" })[id] ?? id;

describe("the assignment policy form", () => {
  it("sends an empty choice as any (null) and needs an analyst per rule", () => {
    const form = { mode: "auto" as const, rules: [{ case_types: [], severities: ["critical" as const], analyst_ids: ["ana_1"] }] };
    expect(rulesForApi(form)).toEqual([{ case_types: null, severities: ["critical"], analyst_ids: ["ana_1"] }]);
    const r = AssignmentFormSchema.safeParse({ mode: "auto", rules: [{ case_types: [], severities: [], analyst_ids: [] }] });
    expect(r.error?.issues[0]?.path).toEqual(["rules", 0, "analyst_ids"]);
  });

  it("lists the mode and rule changes in words", () => {
    const rule = { case_types: null, severities: ["critical"], analyst_ids: ["ana_1", "ana_2"] };
    expect(assignmentChanges({ mode: "manual", rules: [] }, { mode: "auto", rules: [rule] }, nameOf)).toEqual([
      "Mode: manual → auto",
      "Add rule: any type; critical → Ana, Bob",
    ]);
    expect(assignmentChanges({ mode: "auto", rules: [rule] }, { mode: "auto", rules: [rule] }, nameOf)).toEqual([]);
  });
});
