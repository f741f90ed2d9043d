import { createRoute, z } from "@hono/zod-openapi";
import { ifMatchHeaders } from "../../../http/if-match";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { assignmentModes, caseTypes, severityLevels } from "../../../db/schema";

const tags = ["Dashboard: policies"];

export const AssignmentRuleSchema = z
  .strictObject({
    case_types: z
      .array(z.enum(caseTypes))
      .min(1)
      .nullable()
      .default(null)
      .openapi({ description: "Cases of these types (null or absent: any)" }),
    severities: z
      .array(z.enum(severityLevels))
      .min(1)
      .nullable()
      .default(null)
      .openapi({ description: "Cases of these severities (null or absent: any)" }),
    analyst_ids: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(100)
      .openapi({ description: "Enabled analysts of the account (another account's or a disabled one: 400 naming it)" }),
  })
  .openapi("AssignmentRule");

export const PutAssignmentPolicyBody = z
  .strictObject({
    mode: z.enum(assignmentModes).openapi({
      description: "`manual`: cases wait for a claim or an assignment. `auto`: each new unassigned case goes to an active analyst",
    }),
    rules: z.array(AssignmentRuleSchema).max(50).default([]).openapi({
      description:
        "In `auto` mode, the first rule matching a case's type and severity restricts it to the rule's analysts; no match: any active analyst of role analyst",
    }),
  })
  .openapi("ReplaceAssignmentPolicyRequest");

export const AssignmentPolicySchema = z
  .object({
    object: z.literal("assignment_policy"),
    environment: z.enum(["live", "test"]),
    mode: z.enum(assignmentModes),
    rules: z.array(
      z.object({
        case_types: z.array(z.enum(caseTypes)).nullable(),
        severities: z.array(z.enum(severityLevels)).nullable(),
        analyst_ids: z.array(z.string()),
      }),
    ),
    version: z.number().int().openapi({ description: "0 while never changed (manual)" }),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .openapi("AssignmentPolicy");

const ok = (description: string) => ({
  200: { description, content: { "application/json": { schema: AssignmentPolicySchema } } },
  ...commonErrors,
});

export const getAssignmentPolicyRoute = createRoute({
  method: "get",
  path: "/api/v1/policies/assignment",
  tags,
  summary: "How new cases reach analysts: manual or automatic",
  middleware: consoleRoute("analyst", "lead", "admin"),
  responses: ok("The assignment policy"),
});

export const putAssignmentPolicyRoute = createRoute({
  method: "put",
  path: "/api/v1/policies/assignment",
  tags,
  summary: "Replace the assignment policy (lead or admin)",
  middleware: consoleRoute("lead", "admin"),
  request: { headers: ifMatchHeaders, body: { required: true, content: { "application/json": { schema: PutAssignmentPolicyBody } } } },
  responses: { ...ok("The new assignment policy"), ...errorResponses(409) },
});
