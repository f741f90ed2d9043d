import { Download, Printer } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { ChainBadge } from "@/components/ui/chain-badge";
import { LinkButton } from "@/components/ui/link-button";
import type { CaseExportChains } from "@/lib/api/wire";
import { cn } from "@/lib/utils/cn";

/** The case's whole record for auditors: as JSON (the API's export) or as a printable page. */
export function CaseExportActions({ caseId }: { caseId: string }) {
  const base = `/cases/${encodeURIComponent(caseId)}`;
  return (
    <>
      {/* A plain link, not next/link: the route answers a file to save, not a page. */}
      <a href={`${base}/export`} download className={cn(buttonVariants({ variant: "secondary", size: "sm" }))}>
        <Download aria-hidden="true" />
        Download JSON
      </a>
      <LinkButton href={`${base}/print`} variant="secondary" size="sm" prefetch={false}>
        <Printer aria-hidden="true" />
        Printable page
      </LinkButton>
    </>
  );
}

/** The linked transactions' decision chains, checked together; a broken one is named. */
export function DecisionChainsStatus({ check }: { check: CaseExportChains["decisions"] }) {
  return (
    <div className="mt-2 grid gap-1">
      <ChainBadge check={check} />
      {check.broken.length > 0 ? (
        <ul className="text-xs text-danger">
          {check.broken.map((b) => (
            <li key={b.subject_id}>
              <span className="font-mono">{b.subject_id}</span>: broken at entry {b.first_broken_seq}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
