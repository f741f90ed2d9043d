import { z } from "zod";
import { TEXT_LIMITS, tooLongMessage } from "./text-limits";

// Analysts as the API's dashboard routes return them, and the console's input for adding one.
// Roles are ordered: each includes everything the previous one may do (DESIGN.md "Console").

export const analystRoles = ["analyst", "lead", "admin"] as const;

export const AnalystRoleSchema = z.enum(analystRoles);

export type AnalystRole = z.infer<typeof AnalystRoleSchema>;

export const roleLabels: Record<AnalystRole, string> = {
  analyst: "Analyst",
  lead: "Lead",
  admin: "Admin",
};

export const roleDescriptions: Record<AnalystRole, string> = {
  analyst: "Works alerts, cases, decisions, screenings and events.",
  lead: "Everything an analyst does, plus the case queue overview, assignment, bulk actions and high-impact approvals.",
  admin: "Everything a lead does, plus API keys, webhooks, policies and analysts.",
};

export const AnalystSchema = z.object({
  object: z.literal("analyst"),
  id: z.string(),
  account_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: AnalystRoleSchema,
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  disabled: z.boolean(),
});

export type Analyst = z.infer<typeof AnalystSchema>;

/** A console session as the API keeps it: signing in starts one, signing out ends it. */
export const AnalystSessionSchema = z.object({
  object: z.literal("analyst_session"),
  session_id: z.string(),
  method: z.enum(["password", "sso"]),
  created_at: z.string(),
  expires_at: z.string(),
  ended_at: z.string().nullable(),
  end_reason: z.string().nullable(),
  analyst: AnalystSchema,
});

export type AnalystSession = z.infer<typeof AnalystSessionSchema>;

/** An admin's change to an analyst: a new role or disabling ends their sessions at once. */
export const UpdateAnalystInputSchema = z
  .object({ role: AnalystRoleSchema.optional(), disabled: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { error: "Choose a role or enable / disable." });

export type UpdateAnalystInput = z.infer<typeof UpdateAnalystInputSchema>;

/** The API's minimum (server/domain/analysts); checked here too so the form can say so first. */
export const MIN_PASSWORD_LENGTH = 10;

export const CreateAnalystInputSchema = z.object({
  email: z.email({ error: "Enter a valid e-mail address." }).trim().max(320),
  name: z
    .string()
    .trim()
    .max(TEXT_LIMITS.analystName, { error: tooLongMessage(TEXT_LIMITS.analystName) })
    .optional()
    .transform((name) => (name === "" ? undefined : name)),
  role: AnalystRoleSchema,
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { error: `At least ${MIN_PASSWORD_LENGTH} characters.` })
    .max(200, { error: "At most 200 characters." }),
});

export type CreateAnalystInput = z.input<typeof CreateAnalystInputSchema>;
