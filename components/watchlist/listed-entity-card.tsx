import { CircleCheck, CircleMinus, CircleX } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { aliasStrengthLabel, dobMatchLabel, dobMatchTone, listLabel } from "@/lib/format/screening";
import type { Screening, ScreeningMatch, ListedEntity } from "@/lib/api/wire";

import { UserText } from "@/components/ui/user-text";
import { MatchScore } from "./screening-badges";
import { Card } from "@/components/ui/card";

type ListedEntityCardProps = {
  match: ScreeningMatch;
  /** The entry as the current lists hold it; undefined when the API returned none for it. */
  entity: ListedEntity | undefined;
  person: Pick<Screening, "name" | "date_of_birth">;
  country: string | null;
  suppressed?: boolean;
  headingId: string;
};

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/** Nationalities when the list records them, else the country a PEP list gives for the position. */
function entityCountry(entity: Extract<ListedEntity, { primary_name: string }> | null): string | null {
  if (!entity) return null;
  if (entity.nationalities.length) return `${entity.nationalities.join(", ")} (nationality)`;
  return entity.details.country ?? null;
}

function Evidence({ tone, children }: { tone: "supports" | "contradicts" | "neutral"; children: ReactNode }) {
  const Icon = tone === "supports" ? CircleCheck : tone === "contradicts" ? CircleX : CircleMinus;
  const colour = tone === "supports" ? "text-danger" : tone === "contradicts" ? "text-success" : "text-muted-foreground";
  return (
    <li className="flex items-start gap-2">
      <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${colour}`} />
      <span>{children}</span>
    </li>
  );
}

/**
 * One listed entity next to the screened person: each row compares a fact of both (name, aliases,
 * date of birth, country), then the listing itself (programme, remarks, source). What matched is
 * spelled out, so the reviewer does not have to guess why the engine put them together.
 */
export function ListedEntityCard({ match, entity, person, country, suppressed = false, headingId }: ListedEntityCardProps) {
  const live = entity && !("removed" in entity) ? entity : null;
  const details = live ? Object.entries(live.details) : [];
  const none = <span className="text-muted-foreground">Not listed</span>;
  const rows: [string, ReactNode, ReactNode][] = [
    [
      "Name",
      <UserText key="p" value={person.name} className="font-medium" />,
      <UserText key="e" value={live?.primary_name ?? match.entity_name} className="font-medium" />,
    ],
    [
      "Aliases",
      <span key="p" className="text-muted-foreground">
        —
      </span>,
      live && live.aliases.length ? (
        <ul key="e" className="grid gap-1">
          {live.aliases.map((alias) => (
            <li key={`${alias.name}-${alias.strength}`} className="flex flex-wrap items-center gap-1.5">
              <UserText
                value={alias.name}
                className={
                  alias.name === match.matched_name ? "font-medium underline decoration-danger decoration-2 underline-offset-4" : undefined
                }
              />
              <Badge tone={alias.strength === "strong" ? "neutral" : "warning"}>
                {alias.strength === "strong" ? "strong" : alias.strength === "weak" ? "weak (low quality)" : alias.strength}
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        none
      ),
    ],
    [
      "Date of birth",
      person.date_of_birth ?? (
        <span key="p" className="text-muted-foreground">
          Not given
        </span>
      ),
      live && live.dates_of_birth.length ? live.dates_of_birth.join(", ") : none,
    ],
    [
      "Country",
      country ?? (
        <span key="p" className="text-muted-foreground">
          Unknown
        </span>
      ),
      entityCountry(live) ?? none,
    ],
    ["Type", "Individual", (live?.entity_type ?? match.entity_type) === "organization" ? "Organisation" : "Individual"],
  ];

  return (
    <Card as="section" aria-labelledby={headingId}>
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-border p-5">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold">
            <UserText value={match.entity_name} />
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            {listLabel(match.list)} · <code className="font-mono text-xs">{match.entity_id}</code>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {suppressed ? <Badge tone="success">Suppressed (earlier false positive)</Badge> : null}
          {live?.changed ? <Badge tone="warning">List entry changed since screening</Badge> : null}
          {entity && "removed" in entity ? <Badge tone="neutral">No longer on the list</Badge> : null}
          <MatchScore score={match.match_score} />
        </div>
      </header>
      <div className="grid gap-5 p-5">
        <div>
          <h4 className="text-sm font-semibold">Why it matched</h4>
          <ul className="mt-2 grid gap-1.5 text-sm">
            <Evidence tone="supports">
              The name matched the entity&apos;s {aliasStrengthLabel(match.matched_alias_strength)}{" "}
              <span className="font-medium">
                “<UserText value={match.matched_name} />”
              </span>
              .
            </Evidence>
            <Evidence tone={dobMatchTone(match.dob_match)}>{dobMatchLabel(match.dob_match)}.</Evidence>
          </ul>
        </div>
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">
            The screened person compared with <UserText value={match.entity_name} />
          </caption>
          <thead>
            <tr className="border-b border-border text-left text-xs text-muted-foreground">
              <th scope="col" className="w-32 pb-2 font-medium">
                <span className="sr-only">Fact</span>
              </th>
              <th scope="col" className="pb-2 font-medium">
                Screened person
              </th>
              <th scope="col" className="pb-2 font-medium">
                Listed entity
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([fact, mine, theirs]) => (
              <tr key={fact} className="border-b border-border/60 align-top last:border-0">
                <th scope="row" className="py-2 pr-3 text-left font-normal text-muted-foreground">
                  {fact}
                </th>
                <td className="py-2 pr-3 break-words">{mine}</td>
                <td className="py-2 break-words">{theirs}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Listing</dt>
          <dd>{match.reason}</dd>
          {live && live.programmes.length ? (
            <>
              <dt className="text-muted-foreground">Programme</dt>
              <dd>{live.programmes.join(", ")}</dd>
            </>
          ) : null}
          {live && live.remarks ? (
            <>
              <dt className="text-muted-foreground">Remarks</dt>
              <dd className="whitespace-pre-line break-words">
                <UserText value={live.remarks} />
              </dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Source</dt>
          <dd>
            {listLabel(match.list)}, entry <code className="font-mono text-xs">{match.entity_id}</code>
          </dd>
          {details.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-muted-foreground">{name.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase())}</dt>
              <dd className="break-words">
                {isUrl(value) ? (
                  <a href={value} target="_blank" rel="noreferrer noopener" className="underline underline-offset-4">
                    <UserText value={value} />
                  </a>
                ) : (
                  <UserText value={value} />
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </Card>
  );
}
