import type { AssignmentForm } from "./assignment-policy";

// The assignment editor's helpers, without zod: it runs them at first paint; AssignmentFormSchema
// (assignment-policy.ts) loads on the first validation.

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
