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
