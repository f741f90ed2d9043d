import { ArrowLeft, RotateCcw } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ErrorState } from "@/components/ui/error-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { UserText } from "@/components/ui/user-text";
import { ListedEntityCard } from "@/components/watchlist/listed-entity-card";
import { ReviewForm } from "@/components/watchlist/review-form";
import { ReviewOutcome, type ReviewDecisionSummary } from "@/components/watchlist/review-outcome";
import { ReviewStateBadge, ScreeningStatusBadge } from "@/components/watchlist/screening-badges";
import { ScreenedPerson } from "@/components/watchlist/screened-person";
import { ScreeningGroup, groupLabel } from "@/components/watchlist/screening-group";
import { listAnalysts } from "@/lib/api/analysts";
import { ApiError, toSafeError } from "@/lib/api/errors";
import { findScreeningDecision, getScreening } from "@/lib/api/screenings";
import { listApprovals } from "@/lib/api/approvals";
import { getVerification } from "@/lib/api/verifications";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { displayName } from "@/lib/auth/session-analyst";
import type { SafeError } from "@/lib/schemas/safe-error";
import { isReviewed } from "@/lib/format/screening";
import { subjectCountry } from "@/lib/format/verification";
import type { ScreeningDetail } from "@/lib/api/wire";
import { Card } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";

export const metadata: Metadata = { title: "Screening" };

export default async function ScreeningPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const { id } = await params;
  // Opened by "go to the next" after a decision: the keyboard starts on this one's outcome.
  const fromQueue = (await searchParams).queue === "next";

  let screening: ScreeningDetail | null = null;
  let error: SafeError | null = null;
  try {
    screening = await getScreening(environment, id);
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404) notFound();
    error = toSafeError(failure);
  }

  const back = (
    <LinkButton href="/watchlist" variant="ghost" size="sm">
      <ArrowLeft aria-hidden="true" />
      Watchlist review
    </LinkButton>
  );

  if (!screening) {
    return (
      <>
        {back}
        <Card className="mt-4">
          <ErrorState
            title="The screening could not be loaded"
            error={error ?? { message: "The screening could not be loaded." }}
            action={
              <LinkButton href={`/watchlist/${encodeURIComponent(id)}`} variant="secondary" prefetch={false}>
                <RotateCcw aria-hidden="true" />
                Try again
              </LinkButton>
            }
          />
        </Card>
      </>
    );
  }

  // Secondary reads: the person's country (from their verification) and who decided. The
  // screening shows without them.
  const reviewed = isReviewed(screening.review_state);
  const [verification, decision, analysts, held] = await Promise.allSettled([
    screening.verification_id ? getVerification(environment, screening.verification_id, { timeoutMs: 3000 }) : Promise.resolve(null),
    reviewed ? findScreeningDecision(environment, screening) : Promise.resolve(null),
    reviewed ? listAnalysts(analyst, { timeoutMs: 3000 }) : Promise.resolve(null),
    // A review waiting for a second person (four-eyes) is shown as such.
    listApprovals(environment, analyst, { status: "pending", object_id: screening.screening_id }, { limit: 1 }),
  ]);
  const heldId = held.status === "fulfilled" ? (held.value.data[0]?.approval_id ?? null) : null;
  const country = verification.status === "fulfilled" && verification.value ? subjectCountry(verification.value.subject) : null;
  // The signed-in analyst is named even when the analyst list could not be read.
  const names: Record<string, string> = {
    [analyst.id]: displayName(analyst),
    ...(analysts.status === "fulfilled" && analysts.value ? Object.fromEntries(analysts.value.data.map((a) => [a.id, a.name])) : {}),
  };
  const found = decision.status === "fulfilled" ? decision.value : null;
  const summary: ReviewDecisionSummary | null = found
    ? {
        decision: found.decision,
        reason: found.reason,
        notes: found.notes,
        analyst: found.analyst_id ? (names[found.analyst_id] ?? found.analyst_id) : null,
      }
    : null;

  const entities = new Map(screening.listed_entities.map((e) => [e.entity_id, e]));
  const person = { name: screening.name, date_of_birth: screening.date_of_birth };
  const canDecide = screening.review_state === "pending_review" || screening.review_state === "needs_information";

  return (
    <>
      {back}
      <PageHeader
        className="mt-4"
        title={
          <>
            Screening of <UserText value={screening.name} />
          </>
        }
        description={
          <span className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-xs">{screening.screening_id}</code>
            <ScreeningStatusBadge status={screening.status} />
            <ReviewStateBadge state={screening.review_state} />
            {screening.twins.length > 0 ? <Badge tone="accent">{groupLabel(1 + screening.twins.length)}</Badge> : null}
          </span>
        }
      />
      <div className="mt-8 grid gap-6 xl:grid-cols-[1fr_24rem]">
        <div className="grid min-w-0 content-start gap-6">
          <section aria-labelledby="matches" className="grid gap-4">
            <h2 id="matches" className="text-lg font-semibold">
              Listed entities ({screening.matches.length})
            </h2>
            {screening.matches.length === 0 ? (
              <Card as="p" className="p-5 text-sm text-muted-foreground">
                No listed entity matched this person{screening.suppressed_matches.length ? " (apart from the suppressed ones below)" : ""}.
              </Card>
            ) : (
              screening.matches.map((match, index) => (
                <ListedEntityCard
                  key={match.entity_id}
                  headingId={`match-${index}`}
                  match={match}
                  entity={entities.get(match.entity_id)}
                  person={person}
                  country={country}
                />
              ))
            )}
          </section>
          {screening.suppressed_matches.length ? (
            <section aria-labelledby="suppressed" className="grid gap-4">
              <div>
                <h2 id="suppressed" className="text-lg font-semibold">
                  Suppressed matches ({screening.suppressed_matches.length})
                </h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  A reviewer cleared these entities as false positives for this user earlier; they do not count towards the result until
                  their list entry changes.
                </p>
              </div>
              {screening.suppressed_matches.map((match, index) => (
                <ListedEntityCard
                  key={match.entity_id}
                  headingId={`suppressed-${index}`}
                  match={match}
                  entity={entities.get(match.entity_id)}
                  person={person}
                  country={country}
                  suppressed
                />
              ))}
            </section>
          ) : null}
        </div>
        <div className="grid content-start gap-6">
          <ScreenedPerson screening={screening} country={country} />
          {screening.twins.length > 0 ? <ScreeningGroup screening={screening} twins={screening.twins} /> : null}
          {reviewed ? <ReviewOutcome screening={screening} decision={summary} /> : null}
          {canDecide && screening.matches.length > 0 ? (
            <ReviewForm
              screeningId={screening.screening_id}
              environment={environment}
              groupSize={1 + screening.twins.length}
              autoFocus={fromQueue}
              heldId={heldId}
            />
          ) : null}
          {!reviewed && !canDecide ? (
            <Card as="p" className="p-5 text-sm text-muted-foreground">
              This screening found no match, so it needs no review.
            </Card>
          ) : null}
        </div>
      </div>
    </>
  );
}
