import { ArrowLeft } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import type { NavItem } from "./nav-items";

/** A section whose page is not built yet: says so plainly instead of a 404. */
export function ComingSoon({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <>
      <PageHeader title={item.label} description={item.description} />
      <div className="mt-8 rounded-xl border border-dashed border-border-strong bg-surface">
        <EmptyState
          icon={<Icon />}
          title="This section is not available yet"
          description="It arrives with a later version of the console. The API behind it may already be there: see the API reference."
          action={
            <LinkButton href="/overview" variant="secondary" size="sm">
              <ArrowLeft aria-hidden="true" />
              Back to the overview
            </LinkButton>
          }
        />
      </div>
    </>
  );
}
