"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { NativeSelect } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { updateCaseAction } from "@/lib/actions/update-case";
import { ConflictNotice } from "@/components/ui/conflict-notice";
import { caseNextStatuses, caseStatusLabels, seenSeq } from "@/lib/format/case";
import type { Case, CaseStatus, Resolution } from "@/lib/api/wire";
import { ResolutionPicker } from "@/components/ui/resolution-picker";
import { RESOLUTION_REQUIRED } from "@/lib/format/resolution";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { revealHidden } from "@/lib/format/invisible-characters";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";
import { LimitedText } from "@/components/ui/limited-text";
import { Card } from "@/components/ui/card";
import { HeldNotice } from "@/components/ui/held-notice";
import { LazyReassignDialog } from "./lazy-reassign-dialog";
import { useAssignCase } from "./use-assign-case";

/** The analyst's change, kept to say what it was and to redo it after a version conflict. */
type Pending = {
  kind: "status" | "note" | "assign";
  label: string;
  changes: { status?: CaseStatus; resolution?: Resolution; label_transactions?: boolean; notes?: string; assignee_id?: string | null };
};

type CaseControlsProps = {
  kase: Pick<Case, "case_id" | "title" | "status" | "assignee_id" | "version" | "events" | "transaction_ids">;
  environment: ConsoleEnvironment;
  me: { id: string; isLead: boolean };
  /** Analysts to assign to (leads only); empty when the list could not be read. */
  analysts: { id: string; name: string }[];
  /** The pending approval this case's resolution waits on (four-eyes), if any. */
  heldId?: string | null;
};

/** Status moves (only the legal ones), a note, and assignment; each a PATCH with the analyst as actor. */
export function CaseControls({ kase, environment, me, analysts, heldId: pendingId = null }: CaseControlsProps) {
  const router = useRouter();
  const moves = caseNextStatuses[kase.status];
  const [status, setStatus] = useState<CaseStatus | "">(moves[0] ?? "");
  const [note, setNote] = useState("");
  const [assignee, setAssignee] = useState(kase.assignee_id ?? "");
  const [last, setLast] = useState<Pending | null>(null);
  const [resolution, setResolution] = useState<Resolution | null>(null);
  const [missingResolution, setMissingResolution] = useState(false);
  const [labelTransactions, setLabelTransactions] = useState(true);
  const linked = kase.transaction_ids.length;

  const [heldId, setHeldId] = useState<string | null>(null);
  const update = useAction(updateCaseAction, {
    onSuccess: ({ data }) => {
      if (data?.held) {
        // The approval policy held the resolution: the case is unchanged until a lead approves.
        setHeldId(data.held.approval_id);
        toast.success("Sent for approval", { description: "The case stays as it is until a lead or admin approves." });
        router.refresh();
        return;
      }
      setHeldId(null);
      toast.success(last?.kind === "note" ? "Note added" : last?.kind === "status" ? "Status changed" : "Assignment changed");
      if (data && data.labelled + data.unlabelled > 0) {
        const plural = (n: number) => `${n} transaction${n === 1 ? "" : "s"}`;
        if (data.unlabelled === 0) toast.success(`${plural(data.labelled)} labelled as confirmed fraud`);
        else toast.error(`${plural(data.unlabelled)} could not be labelled (${data.labelled} labelled); label them from their pages.`);
      }
      if (last?.kind === "note") setNote("");
      router.refresh();
    },
    // Someone changed the case meanwhile: show the case as it is now, beside the notice.
    onError: ({ error }) => {
      if (error.serverError?.conflict) router.refresh();
    },
  });
  // A lead's reassignment goes through the queue's confirmation: optional reason, then undo.
  const names = Object.fromEntries(analysts.map((a) => [a.id, a.name]));
  const reassign = useAssignCase(environment, () => router.refresh(), names);
  const busy = update.isPending || reassign.pendingId !== null;
  const conflict = update.result.serverError?.conflict ? update.result.serverError : null;
  const send = (pending: Pending, version = kase.version) => {
    setLast(pending);
    update.execute({ id: kase.case_id, environment, version, seen_seq: seenSeq(kase), ...pending.changes });
  };

  function submitStatus(event: FormEvent) {
    event.preventDefault();
    if (!status) return;
    if (status !== "resolved") return send({ kind: "status", label: `move to ${caseStatusLabels[status]}`, changes: { status } });
    if (!resolution) return setMissingResolution(true);
    const label = resolution === "confirmed_fraud" && labelTransactions && linked > 0;
    send({ kind: "status", label: `resolve the case`, changes: { status, resolution, label_transactions: label } });
  }
  function submitNote(event: FormEvent) {
    event.preventDefault();
    if (note.trim() && !overLimit(note, TEXT_LIMITS.caseNote))
      send({ kind: "note", label: "add my note", changes: { notes: note.trim() } });
  }
  function submitAssignee(event: FormEvent) {
    event.preventDefault();
    reassign.onAssign(kase, assignee === "" ? null : assignee);
  }

  return (
    <Card as="section" aria-labelledby="case-actions" className="grid gap-5 p-5">
      <h2 id="case-actions" className="text-base font-semibold">
        Work the case
      </h2>
      {(heldId ?? pendingId) ? <HeldNotice approvalId={(heldId ?? pendingId)!} what="resolving this case as a false positive" /> : null}
      {conflict && last ? (
        <ConflictNotice
          error={conflict}
          redoLabel={last.label}
          pending={busy}
          onRedo={() => send(last, conflict.conflict!.currentVersion)}
          onDismiss={() => update.reset()}
        />
      ) : (
        <FormError error={update.result.serverError} />
      )}
      <form onSubmit={submitStatus} className="flex flex-wrap items-end gap-2">
        <Field label="Move to" className="min-w-48 flex-1">
          <NativeSelect value={status} onChange={(e) => setStatus(e.target.value as CaseStatus)} disabled={moves.length === 0}>
            {moves.map((move) => (
              <option key={move} value={move}>
                {caseStatusLabels[move]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {status === "resolved" ? (
          <div className="grid w-full gap-3">
            <ResolutionPicker
              value={resolution}
              onChange={(next) => {
                setResolution(next);
                setMissingResolution(false);
              }}
              error={missingResolution ? RESOLUTION_REQUIRED : null}
            />
            {resolution === "confirmed_fraud" && linked > 0 ? (
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={labelTransactions}
                  onChange={(e) => setLabelTransactions(e.target.checked)}
                  className="mt-1 size-4 accent-primary"
                />
                <span>
                  Label the {linked === 1 ? "linked transaction" : `${linked} linked transactions`} as confirmed fraud (a block decision in
                  your name)
                </span>
              </label>
            ) : null}
            <p className="text-sm text-muted-foreground">The case&apos;s open alerts are resolved with the same outcome.</p>
          </div>
        ) : null}
        <Button type="submit" disabled={busy || !status}>
          {busy && last?.kind === "status" ? <Spinner /> : null}
          Change status
        </Button>
      </form>

      <div className="flex flex-wrap items-end gap-2">
        {kase.assignee_id !== me.id ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => send({ kind: "assign", label: "assign to me", changes: { assignee_id: me.id } })}
          >
            {busy && last?.kind === "assign" ? <Spinner /> : null}
            Assign to me
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">This case is assigned to you.</p>
        )}
      </div>
      {me.isLead && analysts.length > 0 ? (
        <form onSubmit={submitAssignee} className="flex flex-wrap items-end gap-2">
          <Field label="Assignee" className="min-w-48 flex-1">
            <NativeSelect value={assignee} onChange={(e) => setAssignee(e.target.value)}>
              <option value="">Unassigned</option>
              {analysts.map((analyst) => (
                <option key={analyst.id} value={analyst.id}>
                  {revealHidden(analyst.name)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Button type="submit" variant="secondary" disabled={busy || assignee === (kase.assignee_id ?? "")}>
            {reassign.pendingId ? <Spinner /> : null}
            Reassign
          </Button>
        </form>
      ) : null}
      <LazyReassignDialog {...reassign.dialog} />

      <form onSubmit={submitNote} className="grid gap-2">
        <Field label="Add a note" hint="Appended to the audit log with your name.">
          <LimitedText multiline max={TEXT_LIMITS.caseNote} value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <div>
          <Button type="submit" disabled={busy || note.trim() === "" || overLimit(note, TEXT_LIMITS.caseNote)}>
            {busy && last?.kind === "note" ? <Spinner /> : null}
            Add note
          </Button>
        </div>
      </form>
    </Card>
  );
}
