import { Badge } from "@/components/ui/badge";
import { caseStatusLabels } from "@/lib/format/case";
import type { CaseStatus } from "@/lib/api/wire";

const statusTone = { open: "accent", in_review: "warning", resolved: "success", closed: "neutral" } as const;

export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  return <Badge tone={statusTone[status]}>{caseStatusLabels[status]}</Badge>;
}
