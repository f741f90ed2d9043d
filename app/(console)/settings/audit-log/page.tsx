import type { Metadata } from "next";
import { AuditLogDownload } from "@/components/settings/audit-log-download";
import { PageFrame } from "@/components/ui/page-frame";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { environmentLabels } from "@/lib/schemas/environment";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditLogPage() {
  const analyst = await requireRole("admin");
  const environment = await getActiveEnvironment(analyst.id);
  return (
    <PageFrame
      title="Audit log"
      description={`Everything recorded for this account in a period (cases, decisions, screening reviews, keys, analysts and their sign-ins, policies), for auditors. Entries of ${environmentLabels[environment]} and account-wide ones.`}
    >
      <AuditLogDownload />
    </PageFrame>
  );
}
