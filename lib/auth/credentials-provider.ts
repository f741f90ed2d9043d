import "server-only";

import { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { authenticateAnalyst } from "../api/analysts";
import { SignInInputSchema } from "../schemas/sign-in";
import { sessionAnalystOf, type SessionAnalyst } from "./session-analyst";

/** The API could not be asked: say so, rather than "wrong password" (which would be a lie). */
export class ApiUnavailableSignIn extends CredentialsSignin {
  override code = "api_unavailable";
}

/**
 * E-mail and password, checked by the API (`POST /api/v1/analysts/authenticate` on the
 * production listener, with the console's own token), which starts the session. The console
 * stores no password.
 */
export const credentialsProvider = Credentials({
  id: "credentials",
  name: "E-mail and password",
  credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
  async authorize(raw): Promise<(SessionAnalyst & { image?: null }) | null> {
    const parsed = SignInInputSchema.safeParse(raw);
    if (!parsed.success) return null;
    let session;
    try {
      session = await authenticateAnalyst(parsed.data.email, parsed.data.password);
    } catch {
      throw new ApiUnavailableSignIn();
    }
    return session ? sessionAnalystOf(session) : null;
  },
});
