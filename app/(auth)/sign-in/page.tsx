import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { SsoButton } from "@/components/auth/sso-button";
import { ArgusMark } from "@/components/site/argus-mark";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { getSessionAnalyst } from "@/lib/auth/guards";
import { pickAuthSecret } from "@/lib/auth/secret";
import { signInNotice } from "@/lib/auth/sign-in-messages";
import { getConsoleEnv, readConsoleCredentials } from "@/lib/env";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(first(params.callbackUrl));
  const env = getConsoleEnv();
  const credentials = await readConsoleCredentials();
  const configured = pickAuthSecret(process.env.AUTH_SECRET, credentials.secret) !== undefined && credentials.liveKey !== undefined;

  // Already signed in (a bookmark, the landing page's button): straight to the console.
  if (configured && (await getSessionAnalyst())) redirect(callbackUrl);

  const notice = signInNotice({ error: first(params.error), code: first(params.code), signedOut: first(params.signed_out) });
  return (
    <div className="w-full max-w-sm">
      <Link href="/" className="mx-auto flex w-fit items-center gap-2.5 rounded-md text-lg font-semibold tracking-tight">
        <ArgusMark className="size-8" />
        Argus
        <span className="sr-only">, home</span>
      </Link>
      <Card className="mt-8 p-6 sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight">Sign in to the console</h1>
        <p className="mt-1.5 text-sm text-muted-foreground">For analysts, leads and administrators of this Argus deployment.</p>
        <div className="mt-6">
          {configured ? (
            <div className="grid gap-5">
              {notice?.tone === "info" ? (
                <Alert>
                  <AlertDescription className="mt-0">{notice.text}</AlertDescription>
                </Alert>
              ) : null}
              <SignInForm callbackUrl={callbackUrl} initialError={notice?.tone === "danger" ? notice.text : undefined} />
              {env.oidc ? (
                <>
                  <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
                    <span className="h-px flex-1 bg-border" />
                    or
                    <span className="h-px flex-1 bg-border" />
                  </div>
                  <SsoButton name={env.oidc.name} callbackUrl={callbackUrl} />
                </>
              ) : null}
            </div>
          ) : (
            <Alert tone="danger">
              <div>
                <AlertTitle>The console is not connected to the API yet</AlertTitle>
                <AlertDescription>
                  Start the Argus API once (<code className="font-mono">npm start</code> does it): it writes the console&apos;s credentials
                  to <code className="font-mono">console.env</code> in the data directory. Or set ARGUS_CONSOLE_LIVE_KEY,
                  ARGUS_CONSOLE_TEST_KEY and ARGUS_CONSOLE_SECRET in the console&apos;s environment.
                </AlertDescription>
              </div>
            </Alert>
          )}
        </div>
      </Card>
      <p className="mt-6 text-center text-xs text-muted-foreground">Accounts are added by an administrator of this console.</p>
    </div>
  );
}
