import { describe, expect, it } from "vitest";
import { signInNotice } from "./sign-in-messages";

describe("signInNotice", () => {
  it("says nothing on a plain visit and confirms a sign-out", () => {
    expect(signInNotice({})).toBeUndefined();
    expect(signInNotice({ signedOut: "1" })).toEqual({ tone: "info", text: "You are signed out." });
  });

  it("never distinguishes an unknown e-mail from a wrong password", () => {
    const refused = signInNotice({ error: "CredentialsSignin", code: "credentials" });
    expect(refused?.tone).toBe("danger");
    expect(refused?.text).not.toMatch(/no such|not found|unknown|does not exist/i);
    expect(signInNotice({ error: "CredentialsSignin", code: "api_unavailable" })?.text).toMatch(/cannot reach/);
  });

  it("explains SSO refusals and falls back for unknown errors", () => {
    expect(signInNotice({ error: "AccessDenied" })?.text).toMatch(/not an analyst/);
    expect(signInNotice({ error: "Whatever" })).toEqual({ tone: "danger", text: "Signing in did not work. Try again." });
  });
});
