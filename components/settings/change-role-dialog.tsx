"use client";

import { useAction } from "next-safe-action/hooks";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { revealHidden } from "@/lib/format/invisible-characters";
import { analystRoles, type Analyst, type AnalystRole } from "@/lib/api/wire";
import { roleDescriptions, roleLabels } from "@/lib/format/analyst";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { NativeSelect } from "@/components/ui/input";
import { updateAnalystAction } from "@/lib/actions/update-analyst";

type ChangeRoleDialogProps = { analyst: Analyst; isSelf: boolean; onChanged: () => void };

/** A new role takes effect at once: the analyst's sessions end and they sign in again with it. */
export function ChangeRoleDialog({ analyst, isSelf, onChanged }: ChangeRoleDialogProps) {
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<AnalystRole>(analyst.role);
  const { execute, result, isPending, reset } = useAction(updateAnalystAction, {
    onSuccess: ({ data }) => {
      setOpen(false);
      reset();
      toast.success(`${revealHidden(data.name || data.email)} is now ${roleLabels[data.role].toLowerCase()}; their sessions have ended`);
      onChanged();
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    execute({ id: analyst.id, change: { role } });
  }
  // Someone else's text: hidden characters shown, never obeyed (lib/format/invisible-characters.ts).
  const who = revealHidden(analyst.name || analyst.email);
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setRole(analyst.role);
      }}
      onClose={reset}
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Change role of ${who}`}>
          Change role
        </Button>
      }
      title={`Change the role of ${who}`}
      description={
        isSelf
          ? "This is you: your session ends with the change, and you sign in again with the new role."
          : "Their open sessions end with the change: they sign in again and work with the new role."
      }
      onSubmit={submit}
      submitLabel="Change role"
      pending={isPending}
      error={result.serverError}
    >
      <Field label="Role" hint={roleDescriptions[role]}>
        <NativeSelect value={role} onChange={(event) => setRole(event.target.value as AnalystRole)} disabled={isPending}>
          {analystRoles.map((r) => (
            <option key={r} value={r}>
              {roleLabels[r]}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </FormDialog>
  );
}
