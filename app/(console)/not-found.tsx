import { SearchX } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkButton } from "@/components/ui/link-button";

export default function ConsoleNotFound() {
  return (
    <div className="rounded-xl border border-border bg-surface">
      <EmptyState
        titleAs="h1"
        icon={<SearchX />}
        title="There is no page at this address"
        description="The link may be mistyped, or the page may have moved."
        action={
          <LinkButton href="/overview" variant="secondary" size="sm">
            Go to the overview
          </LinkButton>
        }
      />
    </div>
  );
}
