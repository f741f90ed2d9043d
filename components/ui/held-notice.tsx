import { Hourglass } from "lucide-react";
import Link from "next/link";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

type HeldNoticeProps = {
  approvalId: string;
  /** What waits, in words: "resolving this case as a false positive". */
  what: string;
  className?: string;
};

/** A held action's state: nothing changed yet; a lead or admin other than the maker decides it. */
export function HeldNotice({ approvalId, what, className }: HeldNoticeProps) {
  return (
    <Alert className={className} data-testid="held-notice">
      <Hourglass aria-hidden="true" />
      <div>
        <AlertTitle>Sent for approval</AlertTitle>
        <AlertDescription>
          {what.charAt(0).toUpperCase() + what.slice(1)} needs a second person: nothing changes until a lead or admin other than the person
          who asked approves it.{" "}
          <Link href={`/approvals/${encodeURIComponent(approvalId)}`} className="font-medium text-foreground underline underline-offset-4">
            Open the approval
          </Link>
        </AlertDescription>
      </div>
    </Alert>
  );
}
