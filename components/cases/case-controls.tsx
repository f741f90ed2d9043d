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
import { caseNextStatuses, caseStatusLabels, type Case, type CaseStatus } from "@/lib/schemas/case";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { revealHidden } from "@/lib/format/invisible-characters";
import { LimitedText } from "@/components/ui/limited-text";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";

type CaseControlsProps = {
  kase: Pick<Case, "case_id" | "status" | "assignee_id">;
  environment: ConsoleEnvironment;
  me: { id: string; isLead: boolean };
  /** Analysts to assign to (leads only); empty when the list could not be read. */
  analysts: { id: string; name: string }[];
};

/** Status moves (only the legal ones), a note, and assignment; each a PATCH with the analyst as actor. */
export function CaseControls({ kase, environment, me, analysts }: CaseControlsProps) {
  const router = useRouter();
  const moves = caseNextStatuses[kase.status];
  const [status, setStatus] = useState<CaseStatus | "">(moves[0] ?? "");
  const [note, setNote] = useState("");
  const [assignee, setAssignee] = useState(kase.assignee_id ?? "");
  const [last, setLast] = useState<"status" | "note" | "assign" | null>(null);

  const update = useAction(updateCaseAction, {
    onSuccess: () => {
      toast.success(last === "note" ? "Note added" : last === "status" ? "Status changed" : "Assignment changed");
      if (last === "note") setNote("");
      router.refresh();
    },
  });
  const busy = update.isPending;
  const send = (kind: typeof last, changes: { status?: CaseStatus; notes?: string; assignee_id?: string | null }) => {
    setLast(kind);
    update.execute({ id: kase.case_id, environment, ...changes });
  };

  function submitStatus(event: FormEvent) {
    event.preventDefault();
    if (status) send("status", { status });
  }
  function submitNote(event: FormEvent) {
    event.preventDefault();
    if (note.trim() && !overLimit(note, TEXT_LIMITS.caseNote)) send("note", { notes: note.trim() });
  }
  function submitAssignee(event: FormEvent) {
    event.preventDefault();
    send("assign", { assignee_id: assignee === "" ? null : assignee });
  }

  return (
    <section aria-labelledby="case-actions" className="grid gap-5 rounded-xl border border-border bg-surface p-5 shadow-sm">
      <h2 id="case-actions" className="text-base font-semibold">
        Work the case
      </h2>
      <FormError error={update.result.serverError} />
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
        <Button type="submit" disabled={busy || !status}>
          {busy && last === "status" ? <Spinner /> : null}
          Change status
        </Button>
      </form>

      <div className="flex flex-wrap items-end gap-2">
        {kase.assignee_id !== me.id ? (
          <Button variant="secondary" disabled={busy} onClick={() => send("assign", { assignee_id: me.id })}>
            {busy && last === "assign" ? <Spinner /> : null}
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
            Reassign
          </Button>
        </form>
      ) : null}

      <form onSubmit={submitNote} className="grid gap-2">
        <Field label="Add a note" hint="Appended to the audit log with your name.">
          <LimitedText multiline max={TEXT_LIMITS.caseNote} value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <div>
          <Button type="submit" disabled={busy || note.trim() === "" || overLimit(note, TEXT_LIMITS.caseNote)}>
            {busy && last === "note" ? <Spinner /> : null}
            Add note
          </Button>
        </div>
      </form>
    </section>
  );
}
