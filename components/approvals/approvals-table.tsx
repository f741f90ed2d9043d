import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { Table, TableBody, TableCaption, TableCell, TableContainer, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { UserText } from "@/components/ui/user-text";
import type { Approval } from "@/lib/api/wire";
import { approvalActionLabels, approvalStatusLabels, approvalStatusTones } from "@/lib/format/approval";

type ApprovalsTableProps = {
  approvals: Approval[];
  /** Analyst ids to names, for the maker and the decider. */
  names: Record<string, string>;
  caption: string;
};

/** One row per approval: what waits, who asked, since when; the row's link opens the side-by-side view. */
export function ApprovalsTable({ approvals, names, caption }: ApprovalsTableProps) {
  return (
    <TableContainer>
      <Table>
        <TableCaption>{caption}</TableCaption>
        <TableHead>
          <tr>
            <TableHeaderCell scope="col">Action</TableHeaderCell>
            <TableHeaderCell scope="col">Object</TableHeaderCell>
            <TableHeaderCell scope="col">Asked by</TableHeaderCell>
            <TableHeaderCell scope="col">Asked</TableHeaderCell>
            <TableHeaderCell scope="col">Status</TableHeaderCell>
            <TableHeaderCell scope="col">Decided by</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {approvals.map((a) => (
            <TableRow key={a.approval_id}>
              <TableCell>
                <Link href={`/approvals/${encodeURIComponent(a.approval_id)}`} className="font-medium underline-offset-4 hover:underline">
                  {approvalActionLabels[a.action]}
                </Link>
              </TableCell>
              <TableCell className="font-mono text-xs">{a.object_id}</TableCell>
              <TableCell>
                <UserText value={names[a.maker_id] ?? a.maker_id} />
              </TableCell>
              <TableCell>
                <DateTime value={a.created_at} />
              </TableCell>
              <TableCell>
                <Badge tone={approvalStatusTones[a.status]}>{approvalStatusLabels[a.status]}</Badge>
              </TableCell>
              <TableCell>
                {a.decider_id ? <UserText value={names[a.decider_id] ?? a.decider_id} /> : <span className="text-muted-foreground">—</span>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
