"use server";

import { cookies } from "next/headers";
import { signOut } from "../auth";
import { SIGNED_OUT_COOKIE, SIGNED_OUT_MAX_AGE_SECONDS } from "../auth/signed-out";

export async function signOutAction(): Promise<void> {
  // The marker first: it outlives any session cookie a request still in flight brings back.
  (await cookies()).set(SIGNED_OUT_COOKIE, String(Date.now()), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: SIGNED_OUT_MAX_AGE_SECONDS,
  });
  await signOut({ redirectTo: "/sign-in?signed_out=1" });
}
