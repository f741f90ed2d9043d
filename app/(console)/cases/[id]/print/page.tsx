import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import { CasePrintView } from "@/components/cases/case-print-view";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { PrintButton } from "@/components/ui/print-button";
import { UserText } from "@/components/ui/user-text";
import { listAnalysts } from "@/lib/api/analysts";
import { getCaseExport } from "@/lib/api/cases";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Case record" };

// The case's full record to print or save as PDF (the browser's print dialog), read from the
// same export as "Download JSON". The layout above has already answered 404 for an unknown case.
export default async function CasePrintPage({ params }: { params: Promise<{ id: string }> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const { id } = await params;
  const [record, analysts] = await Promise.all([
    getCaseExport(environment, id),
    listAnalysts(analyst, { timeoutMs: 3000 }).catch(() => null),
  ]);
  const names = Object.fromEntries((analysts?.data ?? []).map((a) => [a.id, a.name]));
  return (
    <>
      <LinkButton href={`/cases/${encodeURIComponent(id)}`} variant="ghost" size="sm" className="print:hidden">
        <ArrowLeft aria-hidden="true" />
        Back to the case
      </LinkButton>
      <PageHeader
        className="mt-4"
        title={
          <>
            Case record: <UserText value={record.case.title} />
          </>
        }
        description={<code className="font-mono text-xs">{record.case.case_id}</code>}
        actions={<PrintButton />}
      />
      <div className="mt-8 max-w-4xl">
        <CasePrintView record={record} names={names} />
      </div>
    </>
  );
}
