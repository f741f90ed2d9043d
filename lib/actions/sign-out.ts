"use server";

import { auth, signOut } from "../auth";
import { endSession } from "../api/analysts";
import { SessionAnalystSchema } from "../auth/session-analyst";

export async function signOutAction(): Promise<void> {
  // The API's session first: a copy of the cookie kept elsewhere is refused from now on. An API
  // that cannot be reached leaves it to expire (12 hours at most); this browser is signed out anyway.
  const analyst = SessionAnalystSchema.safeParse((await auth())?.user);
  if (analyst.success) {
    await endSession({ id: analyst.data.id, sessionId: analyst.data.sessionId }).catch((error: unknown) => {
      console.error("[argus-console] sign-out could not end the API session:", error instanceof Error ? error.message : "unknown error");
    });
  }
  await signOut({ redirectTo: "/sign-in?signed_out=1" });
}
