import "server-only";

import { cookies, headers } from "next/headers";
import { getConsoleEnv } from "../env";
import { type ConsoleEnvironment } from "../schemas/environment";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";

// The environment an analyst is looking at, remembered per analyst in a cookie: two people
// sharing a browser profile each keep their own choice, and it survives signing out. The cookie
// holds only "production" or "pre-production"; the listener and key are resolved on the server.

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function environmentCookieName(analystId: string): string {
  // Analyst ids are `anl_<ulid>`; anything outside the cookie-name alphabet is dropped anyway.
  return `argus_env_${analystId.replace(/[^A-Za-z0-9_-]/g, "")}`;
}

export async function getActiveEnvironment(analystId: string): Promise<ConsoleEnvironment> {
  const jar = await cookies();
  const parsed = ConsoleEnvironmentSchema.safeParse(jar.get(environmentCookieName(analystId))?.value);
  return parsed.success ? parsed.data : getConsoleEnv().defaultEnvironment;
}

/** Only from a server action or route handler (Next.js lets only those set cookies). */
export async function setActiveEnvironment(analystId: string, environment: ConsoleEnvironment): Promise<void> {
  const jar = await cookies();
  // Secure when the console is reached over HTTPS (Next.js sets x-forwarded-proto, proxies too);
  // plain HTTP on a private network must keep working.
  const secure = (await headers()).get("x-forwarded-proto") === "https";
  jar.set(environmentCookieName(analystId), environment, { httpOnly: true, sameSite: "lax", path: "/", maxAge: ONE_YEAR_SECONDS, secure });
}
