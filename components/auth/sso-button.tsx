import { KeyRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { signInWithSso } from "@/lib/actions/sign-in-with-sso";

/** Single sign-on, when configured: a form posting to a server action that starts the OIDC flow. */
export function SsoButton({ name, callbackUrl }: { name: string; callbackUrl: string }) {
  return (
    <form action={signInWithSso}>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <Button type="submit" variant="secondary" size="lg" className="w-full">
        <KeyRound aria-hidden="true" />
        Continue with {name}
      </Button>
    </form>
  );
}
