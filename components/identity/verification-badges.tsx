import { Badge } from "@/components/ui/badge";
import { checkStatusLabels, verificationStatusLabels } from "@/lib/format/verification";
import type { CheckStatus, VerificationStatus } from "@/lib/api/wire";

// The word is always shown with the colour: colour is never the only signal.
const statusTone = { pending: "accent", verified: "success", failed: "warning", flagged: "danger" } as const;

export function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  return <Badge tone={statusTone[status]}>{verificationStatusLabels[status]}</Badge>;
}

const checkTone = { pass: "success", pending: "accent", fail: "danger" } as const;

export function CheckStatusBadge({ status }: { status: CheckStatus }) {
  return <Badge tone={checkTone[status]}>{checkStatusLabels[status]}</Badge>;
}
