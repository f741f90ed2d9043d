import "server-only";

import type { NextAuthConfig, Session } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { getConsoleEnv, readConsoleCredentials } from "../env";
import { credentialsProvider } from "./credentials-provider";
import { analystForOidcProfile, OIDC_PROVIDER_ID, oidcProvider } from "./oidc-provider";
import { isRole } from "./roles";
import { pickAuthSecret } from "./secret";
import { SessionAnalystSchema, type SessionAnalyst } from "./session-analyst";

// next-auth v5 configuration, built per request (lazy initialisation) because its inputs may
// appear after the console started: console.env is written by the API on its first boot.
//
// Sessions: JWT strategy (no database on the console side), an encrypted cookie that expires after
// 8 hours without activity and in any case 12 hours after sign-in. The cookie names the API's
// session, which the console checks on every request (./guards): ending it there ends it here.

/** Idle timeout: the cookie is re-issued with a fresh expiry on every session read. */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;
/** Absolute limit, so an always-open tab still signs in again every working day. */
export const SESSION_ABSOLUTE_MAX_MS = 12 * 60 * 60 * 1000;

// The single sign-on the signIn callback resolved (which started the API session), handed to the
// jwt callback of the same sign-in: next-auth passes both the same `account` object.
const ssoSignIns = new WeakMap<object, SessionAnalyst>();

export async function buildAuthConfig(): Promise<NextAuthConfig> {
  const env = getConsoleEnv();
  const credentials = await readConsoleCredentials();
  const secret = pickAuthSecret(process.env.AUTH_SECRET, credentials.secret);
  if (!secret) {
    throw new Error(
      "The console has no session secret: set AUTH_SECRET, or start the Argus API once so it writes " +
        "console.env (ARGUS_CONSOLE_SECRET) in the data directory.",
    );
  }

  return {
    secret,
    // The console is usually reached by whatever host name the team uses on its network;
    // next-auth must not refuse requests whose Host it was not told about.
    trustHost: true,
    basePath: "/api/auth",
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: env.oidc ? [credentialsProvider, oidcProvider(env.oidc)] : [credentialsProvider],
    callbacks: {
      async signIn({ account, profile }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        const analyst = await analystForOidcProfile(profile);
        if (analyst) ssoSignIns.set(account, analyst);
        return analyst !== null;
      },
      async jwt({ token, user, account, profile }) {
        const now = Date.now();
        if (account) {
          const analyst =
            account.provider === OIDC_PROVIDER_ID
              ? (ssoSignIns.get(account) ?? (await analystForOidcProfile(profile)))
              : analystFromUser(user);
          return analyst ? tokenFor(analyst, now) : null;
        }
        const signedInAt = typeof token.signedInAt === "number" ? token.signedInAt : 0;
        return now - signedInAt > SESSION_ABSOLUTE_MAX_MS ? null : token;
      },
      session({ session, token }) {
        const analyst = SessionAnalystSchema.safeParse({
          id: token.sub,
          email: token.email,
          name: token.name ?? "",
          role: token.role,
          accountId: token.accountId,
          sessionId: token.sid,
        });
        // Only what the header needs reaches the browser (`/api/auth/session`): no tokens, no keys.
        // The session id is no credential: a dashboard token also needs the console's secret.
        const result: Session = { expires: session.expires };
        if (analyst.success) result.user = analyst.data as Session["user"];
        return result;
      },
    },
  };
}

function analystFromUser(user: unknown): SessionAnalyst | null {
  const parsed = SessionAnalystSchema.safeParse(user);
  return parsed.success && isRole(parsed.data.role) ? parsed.data : null;
}

function tokenFor(analyst: SessionAnalyst, nowMs: number): JWT {
  return {
    sub: analyst.id,
    email: analyst.email,
    name: analyst.name,
    role: analyst.role,
    accountId: analyst.accountId,
    sid: analyst.sessionId,
    signedInAt: nowMs,
  };
}
