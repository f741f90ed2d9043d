import { z } from "zod";
import { alertSeverities, caseTypes } from "../api/wire";

// The assignment policy form (server/domain/desk/README.md, "Assignment"): manual or auto, and
// rules restricting case types and severities to named analysts. No type or severity ticked means
// any; a rule needs at least one analyst.

export const AssignmentFormSchema = z.object({
  mode: z.enum(["manual", "auto"]),
  rules: z
    .array(
      z.object({
        case_types: z.array(z.enum(caseTypes)),
        severities: z.array(z.enum(alertSeverities)),
        analyst_ids: z.array(z.string().min(1)).min(1, "Choose at least one analyst."),
      }),
    )
    .max(50),
});
export type AssignmentForm = z.infer<typeof AssignmentFormSchema>;

export const UpdateAssignmentPolicyInputSchema = z.object({
  version: z.number().int().min(0),
  mode: z.enum(["manual", "auto"]),
  rules: z
    .array(
      z.object({
        case_types: z.array(z.enum(caseTypes)).min(1).nullable(),
        severities: z.array(z.enum(alertSeverities)).min(1).nullable(),
        analyst_ids: z.array(z.string().min(1).max(200)).min(1).max(100),
      }),
    )
    .max(50),
});

type Rule = { case_types: readonly string[] | null; severities: readonly string[] | null; analyst_ids: readonly string[] };

/** The form's rules as the API takes them: an empty choice is "any" (null). */
export function rulesForApi(form: AssignmentForm) {
  return form.rules.map((r) => ({
    case_types: r.case_types.length ? r.case_types : null,
    severities: r.severities.length ? r.severities : null,
    analyst_ids: r.analyst_ids,
  }));
}

export function describeRule(rule: Rule, nameOf: (id: string) => string): string {
  const types = rule.case_types?.length ? rule.case_types.join(", ").replaceAll("_", " ") : "any type";
  const severities = rule.severities?.length ? rule.severities.join(", ") : "any severity";
  return `${types}; ${severities} → ${rule.analyst_ids.map(nameOf).join(", ")}`;
}

/** The review's lines: the mode, then rules removed and added (a changed rule is both). */
export function assignmentChanges(
  saved: { mode: string; rules: Rule[] },
  next: { mode: string; rules: Rule[] },
  nameOf: (id: string) => string,
): string[] {
  const lines: string[] = [];
  if (saved.mode !== next.mode) lines.push(`Mode: ${saved.mode} → ${next.mode}`);
  const before = saved.rules.map((r) => describeRule(r, nameOf));
  const after = next.rules.map((r) => describeRule(r, nameOf));
  if (before.join("\n") !== after.join("\n")) {
    before.filter((r) => !after.includes(r)).forEach((r) => lines.push(`Remove rule: ${r}`));
    after.filter((r) => !before.includes(r)).forEach((r) => lines.push(`Add rule: ${r}`));
    if (lines.length === (saved.mode !== next.mode ? 1 : 0)) lines.push("Rules reordered");
  }
  return lines;
}
