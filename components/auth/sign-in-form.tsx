"use client";

import { LogIn, TriangleAlert } from "lucide-react";
import { useActionState, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { signInWithPassword, type SignInState } from "@/lib/actions/sign-in";

type SignInFormProps = {
  callbackUrl: string;
  /** An error carried in the URL (SSO refused, session expired), shown until the next attempt. */
  initialError?: string;
};

/**
 * E-mail and password. A server action through useActionState: the form posts and works before
 * hydration (and without JavaScript); after a failure the e-mail is kept and the error announced.
 */
export function SignInForm({ callbackUrl, initialError }: SignInFormProps) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInWithPassword, { error: initialError });
  const passwordRef = useRef<HTMLInputElement>(null);

  // After a refused attempt: clear the password and put the cursor back in it.
  useEffect(() => {
    // `email` is set only by an attempt, not by an error carried in from the URL.
    if (state.error && state.email !== undefined && passwordRef.current) {
      passwordRef.current.value = "";
      passwordRef.current.focus();
    }
  }, [state]);

  return (
    <form action={action} className="grid gap-5" noValidate>
      {state.error ? (
        <div role="alert" className="flex gap-2.5 rounded-lg border border-danger/40 bg-danger-soft p-3 text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
          <p>{state.error}</p>
        </div>
      ) : null}
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <Field label="E-mail">
        <Input
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={state.email}
          autoFocus={!state.email}
          spellCheck={false}
        />
      </Field>
      <Field label="Password">
        <Input ref={passwordRef} name="password" type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? <Spinner /> : <LogIn aria-hidden="true" />}
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
