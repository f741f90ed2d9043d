import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";
import { LinkButton } from "./link-button";
import { Card } from "./card";

type StatusPageProps = {
  icon: ReactNode;
  /** The page's h1: what happened, in words. */
  title: string;
  description: string;
  /** Where to go instead. */
  href: string;
  linkLabel: string;
};

/** A whole page that stands for an HTTP status (403, 404): what happened and one way on. */
export function StatusPage({ icon, title, description, href, linkLabel }: StatusPageProps) {
  return (
    <Card>
      <EmptyState
        titleAs="h1"
        icon={icon}
        title={title}
        description={description}
        action={
          <LinkButton href={href} variant="secondary" size="sm">
            {linkLabel}
          </LinkButton>
        }
      />
    </Card>
  );
}
