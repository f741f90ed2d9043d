"use server";

import { signIn } from "../auth";
import { safeCallbackPath } from "../auth/callback-url";
import { OIDC_PROVIDER_ID } from "../auth/oidc-provider";

/** Starts the OpenID Connect flow; the provider sends the analyst back to /api/auth/callback/oidc. */
export async function signInWithSso(form: FormData): Promise<void> {
  await signIn(OIDC_PROVIDER_ID, { redirectTo: safeCallbackPath(form.get("callbackUrl")) });
}
