"use server";

import { AuthError, CredentialsSignin } from "next-auth";
import { signIn } from "../auth";
import { safeCallbackPath } from "../auth/callback-url";
import { SignInInputSchema } from "../schemas/sign-in";

export type SignInState = { error?: string; email?: string };

// One message for an unknown e-mail, a wrong password, a locked or a disabled account: anything
// more specific would tell a stranger which addresses belong to analysts.
const REFUSED = "The e-mail or password is not right, or the account is locked for a while after too many attempts.";

/** The sign-in form's action (React useActionState): works before, and without, JavaScript. */
export async function signInWithPassword(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = typeof form.get("email") === "string" ? String(form.get("email")) : "";
  const parsed = SignInInputSchema.safeParse({
    email,
    password: form.get("password") ?? "",
    callbackUrl: form.get("callbackUrl") ?? undefined,
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Enter your e-mail and password.", email };
  try {
    await signIn("credentials", {
      email: parsed.data.email,
      password: parsed.data.password,
      redirectTo: safeCallbackPath(parsed.data.callbackUrl),
    });
  } catch (error) {
    // signIn redirects by throwing; only auth failures are handled here.
    if (error instanceof CredentialsSignin && error.code === "api_unavailable") {
      return { error: "The console cannot reach the Argus API right now. Try again in a moment.", email };
    }
    if (error instanceof AuthError) return { error: error.type === "CredentialsSignin" ? REFUSED : "Signing in failed. Try again.", email };
    throw error;
  }
  return {};
}
