import { z } from "zod";
import { TEXT_LIMITS, tooLongMessage } from "./text-limits";
import { analystRoles } from "../api/wire";
import { MIN_PASSWORD_LENGTH } from "./password";

// The forms that add an analyst and change one (`/api/v1/analysts`). Roles are ordered: each
// includes everything the previous one may do (lib/auth/README.md).

export const AnalystRoleSchema = z.enum(analystRoles);

/** An admin's change to an analyst: a new role or disabling ends their sessions at once. */
export const UpdateAnalystInputSchema = z
  .object({ role: AnalystRoleSchema.optional(), disabled: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { error: "Choose a role or enable / disable." });

export type UpdateAnalystInput = z.infer<typeof UpdateAnalystInputSchema>;

export { MIN_PASSWORD_LENGTH } from "./password";

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
