import { z } from "zod";
import { AnalystRoleSchema } from "../schemas/analyst";
import type { AnalystSession } from "../api/wire";

// The analyst as the console's session carries them. Read from the session through this schema
// so a malformed or outdated cookie is "signed out", never a half-typed object.

export const SessionAnalystSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  name: z.string(),
  role: AnalystRoleSchema,
  accountId: z.string().min(1),
  /** The API's session (server-side): signing out, disabling or a new role ends it at once. */
  sessionId: z.string().min(1),
});

export type SessionAnalyst = z.infer<typeof SessionAnalystSchema>;

/** How an analyst is named in the header: their name, or the e-mail when the name is empty. */
export function displayName(analyst: Pick<SessionAnalyst, "name" | "email">): string {
  return analyst.name.trim() !== "" ? analyst.name : analyst.email;
}

/** The session's analyst as the console keeps them, from the API's answer. */
export function sessionAnalystOf(session: AnalystSession): SessionAnalyst {
  const { analyst } = session;
  return {
    id: analyst.id,
    email: analyst.email,
    name: analyst.name,
    role: analyst.role,
    accountId: analyst.account_id,
    sessionId: session.session_id,
  };
}
