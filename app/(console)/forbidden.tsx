import { ShieldX } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkButton } from "@/components/ui/link-button";

// Rendered (with HTTP 403) when a page's role check fails (lib/auth/guards.ts requireRole).
export default function Forbidden() {
  return (
    <div className="rounded-xl border border-border bg-surface">
      <EmptyState
        titleAs="h1"
        icon={<ShieldX />}
        title="You do not have access to this page"
        description="Your role does not include it. If you need it for your work, ask an administrator of this console to change your role."
        action={
          <LinkButton href="/overview" variant="secondary" size="sm">
            Go to the overview
          </LinkButton>
        }
      />
    </div>
  );
}
