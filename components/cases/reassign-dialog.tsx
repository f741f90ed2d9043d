"use client";

import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Form, FormFieldItem } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { LimitedText } from "@/components/ui/limited-text";
import { revealHidden } from "@/lib/format/invisible-characters";

const REASON_MAX = 500;
// One optional field: checked here by hand, so the case queues' first load carries no zod.
type ReassignForm = { reason: string };
const reasonTooLong = (reason: string) => (reason.trim().length > REASON_MAX ? `At most ${REASON_MAX} characters.` : true);

export type Reassignment = { caseId: string; title: string; from: string | null; to: string | null };

/** Confirms a reassignment from the queue's assignee menu, with an optional reason for the audit. */
export function ReassignDialog({
  proposal,
  nameOf,
  pending,
  onCancel,
  onConfirm,
}: {
  proposal: Reassignment | null;
  nameOf: (id: string | null) => string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string | undefined) => void;
}) {
  const form = useForm<ReassignForm>({ defaultValues: { reason: "" } });
  const { reset } = form;
  useEffect(() => reset({ reason: "" }), [proposal, reset]);
  const submit = form.handleSubmit(({ reason }) => {
    const invalid = reasonTooLong(reason);
    if (invalid !== true) return form.setError("reason", { message: invalid });
    onConfirm(reason.trim() || undefined);
  });
  const to = proposal ? nameOf(proposal.to) : "";
  return (
    <Form {...form}>
      <FormDialog
        open={proposal !== null}
        onOpenChange={(open) => (open ? undefined : onCancel())}
        title={proposal?.to ? `Assign to ${revealHidden(to)}` : "Unassign the case"}
        description={
          proposal ? (
            <>
              “{revealHidden(proposal.title)}”, now {proposal.from ? `with ${revealHidden(nameOf(proposal.from))}` : "unassigned"}. You can
              undo it for a few seconds afterwards.
            </>
          ) : null
        }
        onSubmit={submit}
        submitLabel={proposal?.to ? "Reassign" : "Unassign"}
        pending={pending}
      >
        <FormFieldItem control={form.control} name="reason" label="Reason (optional)" description="Recorded in the case's audit log.">
          {(field) => (
            <LimitedText
              multiline
              max={REASON_MAX}
              name={field.name}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(e.target.value)}
            />
          )}
        </FormFieldItem>
      </FormDialog>
    </Form>
  );
}
