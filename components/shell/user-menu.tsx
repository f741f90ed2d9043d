import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { signOutAction } from "@/lib/actions/sign-out";
import { displayName, type SessionAnalyst } from "@/lib/auth/session-analyst";
import { roleLabels } from "@/lib/format/analyst";
import { revealHidden } from "@/lib/format/invisible-characters";
import { UserText } from "@/components/ui/user-text";

/** Who is signed in, and the way out. A plain form: signing out works even before hydration. */
export function UserMenu({ analyst }: { analyst: SessionAnalyst }) {
  return (
    <div className="flex items-center gap-3">
      <div className="hidden text-right leading-tight md:block">
        <p className="text-sm font-medium">
          <UserText value={displayName(analyst)} />
        </p>
        <p className="text-xs text-muted-foreground">
          {roleLabels[analyst.role]}
          <span className="sr-only">
            , signed in as <UserText value={analyst.email} />
          </span>
        </p>
      </div>
      <form action={signOutAction}>
        <Button type="submit" variant="ghost" size="sm" aria-label={`Sign out ${revealHidden(displayName(analyst))}`}>
          <LogOut aria-hidden="true" />
          <span className="hidden sm:inline">Sign out</span>
        </Button>
      </form>
    </div>
  );
}
