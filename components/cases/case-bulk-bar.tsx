"use client";

import { X } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/input";
import { RequestId } from "@/components/ui/request-id";
import { Spinner } from "@/components/ui/spinner";
import { bulkAssignCasesAction } from "@/lib/actions/bulk-assign-cases";
import type { BulkCaseResult } from "@/lib/actions/bulk-case-results";
import { bulkSummary } from "@/lib/format/case";
import { bulkUpdateCaseStatusAction } from "@/lib/actions/bulk-update-case-status";
import { caseStatusLabels } from "@/lib/format/case";
import { resolutions, type CaseStatus, type Resolution } from "@/lib/api/wire";
import { resolutionLabels } from "@/lib/format/resolution";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { revealHidden } from "@/lib/format/invisible-characters";
import { UserText } from "@/components/ui/user-text";
import { Card } from "@/components/ui/card";

// Nothing moves back to `open` (server/domain/cases/README.md): the bulk control offers the other statuses
// and the API refuses what a case cannot do, case by case.
const bulkStatuses: CaseStatus[] = ["in_review", "resolved", "closed"];
const UNASSIGN = "__unassign__";

type Failure = { caseId: string; title: string; message: string; status?: number; requestId?: string };

type CaseBulkBarProps = {
  environment: ConsoleEnvironment;
  selectedIds: string[];
  /** Every loaded case by id: its title (to name failures) and the version and audit entry shown. */
  loaded: Record<string, { title: string; version: number; seen_seq: number }>;
  analysts: { id: string; name: string }[];
  /** After an action: keep only the failed cases selected, and reload the queue. */
  onDone: (failedIds: string[]) => void;
  onClear: () => void;
};

/** Bulk assign and bulk status change of the selected cases, with each failure listed. */
export function CaseBulkBar({ environment, selectedIds, loaded, analysts, onDone, onClear }: CaseBulkBarProps) {
  const [assignee, setAssignee] = useState("");
  const [status, setStatus] = useState<CaseStatus | "">("");
  // Resolving records an outcome (required, as on the case page); the select appears with `resolved`.
  const [resolution, setResolution] = useState<Resolution | "">("");
  const [failures, setFailures] = useState<Failure[]>([]);

  const settle = (verb: string) => ({
    onSuccess: ({ data }: { data?: BulkCaseResult }) => {
      if (!data) return;
      const failed = data.outcomes.flatMap((o) =>
        o.ok
          ? []
          : [
              {
                caseId: o.case_id,
                title: loaded[o.case_id]?.title ?? o.case_id,
                message: o.error.message,
                status: o.error.status,
                requestId: o.error.requestId,
              },
            ],
      );
      setFailures(failed);
      setAssignee("");
      setStatus("");
      setResolution("");
      (data.failed === 0 ? toast.success : toast.warning)(bulkSummary(data, verb));
      onDone(failed.map((f) => f.caseId));
    },
    onError: ({ error }: { error: { serverError?: { message?: string; requestId?: string } } }) =>
      toast.error(error.serverError?.message ?? "The cases could not be changed.", {
        description: error.serverError?.requestId ? `Request id ${error.serverError.requestId}` : undefined,
      }),
  });
  const assign = useAction(bulkAssignCasesAction, settle("Assigned"));
  const move = useAction(bulkUpdateCaseStatusAction, settle("Moved"));
  const busy = assign.isPending || move.isPending;
  const count = selectedIds.length;
  // Each change applies to the version the queue showed; a case someone changed meanwhile is refused.
  const refs = () => selectedIds.flatMap((id) => (loaded[id] ? [{ id, version: loaded[id].version, seen_seq: loaded[id].seen_seq }] : []));

  return (
    <div className="mb-4 grid gap-3">
      <Card role="region" aria-label="Bulk actions" className="flex flex-wrap items-end gap-3 p-3">
        <p className="mr-auto self-center text-sm" aria-live="polite">
          {count === 0 ? (
            <span className="text-muted-foreground">Select cases to act on them together.</span>
          ) : (
            <strong className="font-medium">{count} selected</strong>
          )}
        </p>
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          Assign to
          <NativeSelect className="h-9 min-w-40" value={assignee} onChange={(e) => setAssignee(e.target.value)} disabled={busy}>
            <option value="">Choose an analyst…</option>
            <option value={UNASSIGN}>Nobody (unassign)</option>
            {analysts.map((a) => (
              <option key={a.id} value={a.id}>
                {revealHidden(a.name)}
              </option>
            ))}
          </NativeSelect>
        </label>
        <Button
          size="sm"
          className="h-9"
          disabled={busy || count === 0 || assignee === ""}
          onClick={() => assign.execute({ environment, cases: refs(), assignee_id: assignee === UNASSIGN ? null : assignee })}
        >
          {assign.isPending ? <Spinner /> : null}
          Assign
        </Button>
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          Move to
          <NativeSelect
            className="h-9 min-w-32"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as CaseStatus | "");
              setResolution("");
            }}
            disabled={busy}
          >
            <option value="">Choose a status…</option>
            {bulkStatuses.map((s) => (
              <option key={s} value={s}>
                {caseStatusLabels[s]}
              </option>
            ))}
          </NativeSelect>
        </label>
        {status === "resolved" ? (
          <label className="grid gap-1 text-xs font-medium text-muted-foreground">
            Outcome
            <NativeSelect
              className="h-9 min-w-40"
              value={resolution}
              onChange={(e) => setResolution(e.target.value as Resolution | "")}
              disabled={busy}
              required
            >
              <option value="">Choose the outcome…</option>
              {resolutions.map((r) => (
                <option key={r} value={r}>
                  {resolutionLabels[r]}
                </option>
              ))}
            </NativeSelect>
          </label>
        ) : null}
        <Button
          size="sm"
          className="h-9"
          variant="secondary"
          disabled={busy || count === 0 || status === "" || (status === "resolved" && resolution === "")}
          onClick={() =>
            status && move.execute({ environment, cases: refs(), status, ...(status === "resolved" && resolution ? { resolution } : {}) })
          }
        >
          {move.isPending ? <Spinner /> : null}
          Change status
        </Button>
        <Button size="sm" className="h-9" variant="ghost" aria-label="Clear the selection" disabled={busy || count === 0} onClick={onClear}>
          Clear
        </Button>
      </Card>
      {failures.length > 0 ? (
        <div role="alert" className="rounded-xl border border-danger/30 bg-danger-soft p-3 text-sm">
          <div className="flex items-start justify-between gap-3">
            <p className="font-medium">
              {failures.length} case{failures.length === 1 ? "" : "s"} could not be changed (still selected, shown as they are now: act
              again to redo):
            </p>
            <Button size="sm" variant="ghost" className="h-7 px-2" aria-label="Dismiss the failures" onClick={() => setFailures([])}>
              <X aria-hidden="true" />
            </Button>
          </div>
          <ul className="mt-2 grid gap-1.5">
            {failures.map((f) => (
              <li key={f.caseId} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <UserText value={f.title} className="font-medium" />
                <span className="text-muted-foreground">
                  {f.message}
                  {f.status ? ` (${f.status})` : ""}
                </span>
                {f.requestId ? <RequestId value={f.requestId} /> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
