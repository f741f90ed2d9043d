import Link from "next/link";
import type { ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { UserText } from "@/components/ui/user-text";
import { revealHidden } from "@/lib/format/invisible-characters";
import { Card } from "@/components/ui/card";

type IdListProps = {
  title: string;
  ids: string[];
  /** The link to the next page of ids, when there is one. */
  nextHref: string | null;
  /** The link back to the first page, when this is not it. */
  firstHref: string | null;
  empty: string;
  /** Where an id leads (its transaction page, a user's events), when it has a page. */
  hrefFor?: (id: string) => string;
  /** The page's ids drawn richer (the transactions as rows); the plain list otherwise. */
  children?: ReactNode;
};

/** A page of ids behind an alert (users or transactions), most recently added first. */
export function IdList({ title, ids, nextHref, firstHref, empty, hrefFor, children }: IdListProps) {
  return (
    <Card as="section" aria-label={title} className="p-5">
      <h2 className="text-base font-semibold">{title}</h2>
      {ids.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{empty}</p>
      ) : children ? (
        children
      ) : (
        <ul className="mt-3 grid gap-1">
          {ids.map((id) => (
            <li key={id} className="flex items-center gap-2">
              {hrefFor ? (
                <Link
                  href={hrefFor(id)}
                  className="font-mono text-xs break-all text-primary underline-offset-4 hover:underline focus-visible:underline"
                >
                  <UserText value={id} />
                </Link>
              ) : (
                <UserText value={id} className="font-mono text-xs break-all" />
              )}
              <CopyButton value={id} label={`Copy ${revealHidden(id)}`} />
            </li>
          ))}
        </ul>
      )}
      {nextHref || firstHref ? (
        <nav aria-label={`${title} pages`} className="mt-3 flex gap-4 text-sm">
          {firstHref ? (
            <Link href={firstHref} scroll={false} className="font-medium text-primary underline-offset-4 hover:underline">
              First page
            </Link>
          ) : null}
          {nextHref ? (
            <Link href={nextHref} scroll={false} className="font-medium text-primary underline-offset-4 hover:underline">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Card>
  );
}
