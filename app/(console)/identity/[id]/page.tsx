import { ArrowLeft, RotateCcw } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { CheckList } from "@/components/identity/check-list";
import { SubjectCard } from "@/components/identity/subject-card";
import { VerificationStatusBadge } from "@/components/identity/verification-badges";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { DateTime } from "@/components/ui/date-time";
import { ErrorState } from "@/components/ui/error-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { ApiError, toSafeError } from "@/lib/api/errors";
import { getVerification } from "@/lib/api/verifications";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import type { SafeError } from "@/lib/schemas/safe-error";
import { subjectName, verificationTypeLabels } from "@/lib/format/verification";
import type { VerificationDetail } from "@/lib/api/wire";
import { UserText } from "@/components/ui/user-text";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Verification" };

export default async function VerificationPage({ params }: { params: Promise<{ id: string }> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const { id } = await params;

  let verification: VerificationDetail | null = null;
  let error: SafeError | null = null;
  try {
    verification = await getVerification(environment, id);
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404) notFound();
    error = toSafeError(failure);
  }

  const back = (
    <LinkButton href="/identity" variant="ghost" size="sm">
      <ArrowLeft aria-hidden="true" />
      Identity review
    </LinkButton>
  );

  if (!verification) {
    return (
      <>
        {back}
        <Card className="mt-4">
          <ErrorState
            title="The verification could not be loaded"
            error={error ?? { message: "The verification could not be loaded." }}
            action={
              <LinkButton href={`/identity/${encodeURIComponent(id)}`} variant="secondary" prefetch={false}>
                <RotateCcw aria-hidden="true" />
                Try again
              </LinkButton>
            }
          />
        </Card>
      </>
    );
  }

  const facts: [string, ReactNode][] = [
    ["Status", <VerificationStatusBadge key="s" status={verification.status} />],
    ["Type", verificationTypeLabels[verification.type]],
    ["User", <UserText key="u" value={verification.user_id} className="font-mono text-xs" />],
    ["Created", <DateTime key="c" value={verification.created_at} />],
    ["Completed", <DateTime key="d" value={verification.completed_at} empty="Not yet (checks still running)" />],
  ];
  if (verification.screening_id) {
    facts.push([
      "Screening",
      <Link
        key="w"
        href={`/watchlist/${encodeURIComponent(verification.screening_id)}`}
        className="font-mono text-xs underline underline-offset-4"
      >
        {verification.screening_id}
      </Link>,
    ]);
  }
  const name = subjectName(verification.subject);

  return (
    <>
      {back}
      <PageHeader
        className="mt-4"
        title={
          name ? (
            <>
              Verification of <UserText value={name} />
            </>
          ) : (
            "Verification"
          )
        }
        description={<code className="font-mono text-xs">{verification.verification_id}</code>}
      />
      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="grid min-w-0 content-start gap-6">
          <CheckList verification={verification} />
        </div>
        <div className="grid content-start gap-6">
          <Card as="section" aria-labelledby="verification-facts" className="p-5">
            <h2 id="verification-facts" className="text-base font-semibold">
              Verification
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
          <SubjectCard subject={verification.subject} />
        </div>
      </div>
      {/* A pending verification completes on its own (a job, a vendor callback, a review). */}
      {verification.status === "pending" ? <AutoRefresh /> : null}
    </>
  );
}
