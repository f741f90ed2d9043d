import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApprovalSideBySide, type ApprovalSubject } from "@/components/approvals/approval-subject";
import { DecideApprovalForm } from "@/components/approvals/decide-approval-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { UserText } from "@/components/ui/user-text";
import { listAnalysts } from "@/lib/api/analysts";
import { getApproval } from "@/lib/api/approvals";
import { getCase } from "@/lib/api/cases";
import { ApiError, toSafeError } from "@/lib/api/errors";
import { getPolicy } from "@/lib/api/policies";
import { getScreening } from "@/lib/api/screenings";
import type { Approval } from "@/lib/api/wire";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { hasRole } from "@/lib/auth/roles";
import type { SessionAnalyst } from "@/lib/auth/session-analyst";
import { approvalActionLabels, approvalStatusLabels, approvalStatusTones } from "@/lib/format/approval";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";

export const metadata: Metadata = { title: "Approval" };

/** The object the approval is about, as it is now; the view still shows the request without it. */
async function loadSubject(environment: ConsoleEnvironment, analyst: SessionAnalyst, approval: Approval): Promise<ApprovalSubject> {
  try {
    if (approval.action === "case_resolution") return { kind: "case", kase: await getCase(environment, approval.object_id) };
    if (approval.action === "screening_review")
      return { kind: "screening", screening: await getScreening(environment, approval.object_id) };
    return { kind: "policy", policy: await getPolicy(environment, analyst) };
  } catch (error) {
    return { kind: "unavailable", message: `The object could not be loaded: ${toSafeError(error).message}` };
  }
}

// One approval: the object now beside what the maker decided, and for another lead or admin the
// approve / reject form. The maker sees their request and its state, never the buttons.
export default async function ApprovalPage({ params }: { params: Promise<{ id: string }> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const { id } = await params;
  let approval: Approval;
  try {
    approval = await getApproval(environment, analyst, id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
  const [subject, analysts] = await Promise.all([
    loadSubject(environment, analyst, approval),
    listAnalysts(analyst, { timeoutMs: 3000 }).catch(() => null),
  ]);
  const names: Record<string, string> = Object.fromEntries((analysts?.data ?? []).map((a) => [a.id, a.name]));
  const name = (who: string) => names[who] ?? who;
  const isMaker = approval.maker_id === analyst.id;
  const mayDecide = approval.status === "pending" && hasRole(analyst.role, "lead") && !isMaker;

  return (
    <div className="grid gap-6">
      <div>
        <LinkButton href="/approvals" variant="ghost" size="sm">
          <ArrowLeft aria-hidden="true" />
          Approvals
        </LinkButton>
      </div>
      <PageHeader
        title={approvalActionLabels[approval.action]}
        description={
          <>
            Asked by <UserText value={name(approval.maker_id)} /> on <DateTime value={approval.created_at} />.
          </>
        }
        actions={<Badge tone={approvalStatusTones[approval.status]}>{approvalStatusLabels[approval.status]}</Badge>}
      />
      {approval.status !== "pending" ? (
        <Alert>
          <div>
            <AlertTitle>
              {approvalStatusLabels[approval.status]}
              {approval.decider_id ? (
                <>
                  {" "}
                  by <UserText value={name(approval.decider_id)} />
                </>
              ) : null}
              {approval.decided_at ? (
                <>
                  {" "}
                  on <DateTime value={approval.decided_at} />
                </>
              ) : null}
            </AlertTitle>
            {approval.reason ? (
              <AlertDescription>
                <UserText value={approval.reason} />
              </AlertDescription>
            ) : null}
          </div>
        </Alert>
      ) : isMaker ? (
        <Alert>
          <div>
            <AlertTitle>You asked for this</AlertTitle>
            <AlertDescription>Another lead or admin decides it; nothing changes until then.</AlertDescription>
          </div>
        </Alert>
      ) : !mayDecide ? (
        <Alert>
          <div>
            <AlertTitle>Waiting for a lead or admin</AlertTitle>
            <AlertDescription>Only a lead or admin other than the person who asked decides an approval.</AlertDescription>
          </div>
        </Alert>
      ) : null}
      <ApprovalSideBySide approval={approval} subject={subject} makerName={name(approval.maker_id)} />
      {mayDecide ? <DecideApprovalForm approvalId={approval.approval_id} environment={environment} /> : null}
    </div>
  );
}
