// What the sign-in page says about the reason it is shown, from its query string. next-auth sends
// `?error=<type>` (and `&code=` for credentials) when a flow ends here; sign-out adds `signed_out`.
// Never specific about *why* credentials failed: see lib/actions/sign-in.ts.

export type SignInNotice = { tone: "danger" | "info"; text: string };

export function signInNotice(params: { error?: string; code?: string; signedOut?: string }): SignInNotice | undefined {
  switch (params.error) {
    case undefined:
    case "":
      return params.signedOut ? { tone: "info", text: "You are signed out." } : undefined;
    case "AccessDenied":
      return {
        tone: "danger",
        text: "Your single sign-on account is not an analyst of this console. Ask an administrator to add your e-mail address.",
      };
    case "CredentialsSignin":
      return params.code === "api_unavailable"
        ? { tone: "danger", text: "The console cannot reach the Argus API right now. Try again in a moment." }
        : { tone: "danger", text: "The e-mail or password is not right, or the account is locked for a while after too many attempts." };
    case "Configuration":
      return { tone: "danger", text: "Sign-in is not configured correctly on this console. Ask whoever runs it to check its log." };
    default:
      return { tone: "danger", text: "Signing in did not work. Try again." };
  }
}
