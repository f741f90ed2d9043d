import type { Metadata } from "next";
import { ApprovalPolicyEditor } from "@/components/policies/approval-policy-editor";
import { DetectionEditor } from "@/components/policies/detection-editor";
import { PolicyEditor } from "@/components/policies/policy-editor";
import { SlaEditor } from "@/components/policies/sla-editor";
import { AssignmentEditor } from "@/components/policies/assignment-editor";
import { getAssignmentPolicy, getSlaPolicy } from "@/lib/api/desk";
import { listAnalysts } from "@/lib/api/analysts";
import { LoadErrorPanel, PageFrame } from "@/components/ui/page-frame";
import { toSafeError } from "@/lib/api/errors";
import { getApprovalPolicy, getDetectionPolicy, getPolicy, listSignals } from "@/lib/api/policies";
import { getQualityPolicy } from "@/lib/api/quality";
import { QualityPolicyForm } from "@/components/quality/quality-policy-form";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { environmentLabels } from "@/lib/schemas/environment";

export const metadata: Metadata = { title: "Policies" };

function LoadError({ title, error }: { title: string; error: unknown }) {
  return <LoadErrorPanel title={title} error={toSafeError(error)} retryHref="/settings/policies" />;
}

export default async function PoliciesPage({ searchParams }: { searchParams: Promise<{ try?: string | string[] }> }) {
  const analyst = await requireRole("admin");
  const environment = await getActiveEnvironment(analyst.id);
  // The transaction page's "Try against the draft" hands its id over.
  const tried = (await searchParams).try;
  const tryId = typeof tried === "string" && tried.trim() !== "" ? tried.trim() : undefined;

  // Independent reads: one failing leaves the other sections usable.
  const [policy, signals, detection, approvals, sla, assignment, analysts, quality] = await Promise.allSettled([
    getPolicy(environment, analyst),
    listSignals(environment, analyst),
    getDetectionPolicy(environment, analyst),
    getApprovalPolicy(environment, analyst),
    getSlaPolicy(environment, analyst),
    getAssignmentPolicy(environment, analyst),
    listAnalysts(analyst, { timeoutMs: 3000 }),
    getQualityPolicy(environment, analyst),
  ]);
  // Rules name enabled analysts only (the API refuses disabled ones).
  const people =
    analysts.status === "fulfilled" ? analysts.value.data.filter((a) => !a.disabled).map((a) => ({ id: a.id, name: a.name })) : [];

  return (
    <PageFrame
      title="Policies"
      description={`How ${environmentLabels[environment]} decides transactions and when it raises alerts. Changes apply to this environment only, and only when saved.`}
      className="grid gap-10"
    >
      {policy.status === "fulfilled" ? (
        <PolicyEditor
          // A new version from the server (another tab saved) starts a fresh draft. Each editor's key names
          // it: sibling editors on equal versions sharing a key were rendered twice after a save.
          key={`score:${environment}:${policy.value.version}`}
          policy={policy.value}
          signals={signals.status === "fulfilled" ? signals.value : null}
          environment={environment}
          currentAnalystId={analyst.id}
          tryId={tryId}
        />
      ) : (
        <LoadError title="The decision policy could not be loaded" error={policy.reason} />
      )}
      {detection.status === "fulfilled" ? (
        <DetectionEditor
          key={`detection:${environment}:${detection.value.version}`}
          policy={detection.value}
          environment={environment}
          currentAnalystId={analyst.id}
        />
      ) : (
        <LoadError title="The detection thresholds could not be loaded" error={detection.reason} />
      )}
      {approvals.status === "fulfilled" ? (
        <ApprovalPolicyEditor
          key={`approvals:${environment}:${approvals.value.version}`}
          policy={approvals.value}
          environment={environment}
        />
      ) : (
        <LoadError title="The approval policy could not be loaded" error={approvals.reason} />
      )}
      {sla.status === "fulfilled" ? (
        <SlaEditor
          key={`sla:${environment}:${sla.value.version}`}
          policy={sla.value}
          environment={environment}
          currentAnalystId={analyst.id}
        />
      ) : (
        <LoadError title="The SLA policy could not be loaded" error={sla.reason} />
      )}
      {assignment.status === "fulfilled" ? (
        <AssignmentEditor
          key={`assignment:${environment}:${assignment.value.version}`}
          policy={assignment.value}
          analysts={people}
          environment={environment}
          currentAnalystId={analyst.id}
        />
      ) : (
        <LoadError title="The assignment policy could not be loaded" error={assignment.reason} />
      )}
      {quality.status === "fulfilled" ? (
        <QualityPolicyForm key={`quality:${environment}:${quality.value.version}`} policy={quality.value} environment={environment} />
      ) : (
        <LoadError title="The quality review policy could not be loaded" error={quality.reason} />
      )}
    </PageFrame>
  );
}
