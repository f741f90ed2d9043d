import { ClipboardCheck } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { SeverityBadge } from "@/components/ui/severity-badge";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { UserText } from "@/components/ui/user-text";
import { caseTypeLabels } from "@/lib/format/case";
import type { QualityReviewItem } from "@/lib/api/wire";

/** A list of drawn cases: the case's facts only (the outcome stays hidden until the review is given). */
export function QualityQueue({ items, id, title, empty }: { items: QualityReviewItem[]; id: string; title: string; empty: string }) {
  return (
    <Card as="section" aria-labelledby={id} className="p-5">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <EmptyState icon={<ClipboardCheck />} title={empty} />
      ) : (
        <TableContainer className="mt-3">
          <Table>
            <TableHead>
              <TableRow>
                <TableHeaderCell scope="col">Case</TableHeaderCell>
                <TableHeaderCell scope="col">Type</TableHeaderCell>
                <TableHeaderCell scope="col">Severity</TableHeaderCell>
                <TableHeaderCell scope="col">Opened</TableHeaderCell>
                <TableHeaderCell scope="col">{items[0]!.status === "pending" ? "Drawn" : "Reviewed"}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((r) => (
                <TableRow key={r.review_id}>
                  <TableCell>
                    <IntentLink
                      href={`/quality/${encodeURIComponent(r.review_id)}`}
                      className="font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    >
                      <UserText value={r.case.title} />
                    </IntentLink>
                  </TableCell>
                  <TableCell>{caseTypeLabels[r.case.case_type]}</TableCell>
                  <TableCell>
                    <SeverityBadge severity={r.case.severity} />
                  </TableCell>
                  <TableCell>
                    <DateTime value={r.case.created_at} />
                  </TableCell>
                  <TableCell>
                    <DateTime value={r.status === "pending" ? r.drawn_at : r.completed_at} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
