import { UserLink } from "@/components/ui/user-link";
import type { ReactNode } from "react";
import { DateTime } from "@/components/ui/date-time";
import { listLabel } from "@/lib/format/screening";
import type { Screening } from "@/lib/api/wire";
import Link from "next/link";
import { UserText } from "@/components/ui/user-text";
import { Card } from "@/components/ui/card";

type ScreenedPersonProps = {
  screening: Screening;
  /** From the identity verification behind the screening, when there is one. */
  country: string | null;
};

/** Who was screened, as the screening stored them. */
export function ScreenedPerson({ screening, country }: ScreenedPersonProps) {
  const missing = <span className="text-muted-foreground">Not given</span>;
  const facts: [string, ReactNode][] = [
    ["Name", <UserText key="n" value={screening.name} className="font-medium" />],
    ["Date of birth", screening.date_of_birth ?? missing],
    [
      "Country",
      country ?? (
        <span className="text-muted-foreground">{screening.verification_id ? "Not given" : "Unknown (no identity verification)"}</span>
      ),
    ],
    [
      "User",
      screening.user_id ? (
        <UserLink key="u" userId={screening.user_id} />
      ) : (
        <span className="text-muted-foreground">Name only (no user)</span>
      ),
    ],
    [
      "Verification",
      screening.verification_id ? (
        <Link
          key="v"
          href={`/identity/${encodeURIComponent(screening.verification_id)}`}
          className="font-mono text-xs underline underline-offset-4"
        >
          {screening.verification_id}
        </Link>
      ) : (
        <span className="text-muted-foreground">None (screened directly)</span>
      ),
    ],
    ["Screened", <DateTime key="s" value={screening.screened_at} />],
    ["Lists", screening.lists.map(listLabel).join(", ")],
  ];
  return (
    <Card as="section" aria-labelledby="screened-person" className="p-5">
      <h2 id="screened-person" className="text-base font-semibold">
        Screened person
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
