import type { Metadata } from "next";
import { DetectionEditor } from "@/components/policies/detection-editor";
import { PolicyEditor } from "@/components/policies/policy-editor";
import { LoadErrorPanel, PageFrame } from "@/components/ui/page-frame";
import { toSafeError } from "@/lib/api/errors";
import { getDetectionPolicy, getPolicy, listSignals } from "@/lib/api/policies";
import { getQualityPolicy } from "@/lib/api/quality";
import { QualityPolicyForm } from "@/components/quality/quality-policy-form";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { environmentLabels } from "@/lib/schemas/environment";

export const metadata: Metadata = { title: "Policies" };

function LoadError({ title, error }: { title: string; error: unknown }) {
  return <LoadErrorPanel title={title} error={toSafeError(error)} retryHref="/settings/policies" />;
}

export default async function PoliciesPage() {
  const analyst = await requireRole("admin");
  const environment = await getActiveEnvironment(analyst.id);

  // Independent reads: one failing leaves the other sections usable.
  const [policy, signals, detection, quality] = await Promise.allSettled([
    getPolicy(environment, analyst),
    listSignals(environment, analyst),
    getDetectionPolicy(environment, analyst),
    getQualityPolicy(environment, analyst),
  ]);

  return (
    <PageFrame
      title="Policies"
      description={`How ${environmentLabels[environment]} decides transactions and when it raises alerts. Changes apply to this environment only, and only when saved.`}
      className="grid gap-10"
    >
      {policy.status === "fulfilled" ? (
        <PolicyEditor
          // A new version from the server (another tab saved) starts a fresh draft.
          key={`${environment}:${policy.value.version}`}
          policy={policy.value}
          signals={signals.status === "fulfilled" ? signals.value : null}
          environment={environment}
          currentAnalystId={analyst.id}
        />
      ) : (
        <LoadError title="The decision policy could not be loaded" error={policy.reason} />
      )}
      {detection.status === "fulfilled" ? (
        <DetectionEditor
          key={`${environment}:${detection.value.version}`}
          policy={detection.value}
          environment={environment}
          currentAnalystId={analyst.id}
        />
      ) : (
        <LoadError title="The detection thresholds could not be loaded" error={detection.reason} />
      )}
      {quality.status === "fulfilled" ? (
        <QualityPolicyForm key={`${environment}:${quality.value.version}`} policy={quality.value} environment={environment} />
      ) : (
        <LoadError title="The quality review policy could not be loaded" error={quality.reason} />
      )}
    </PageFrame>
  );
}
