"use client";

import { Button } from "@/components/ui/button";
import { revealHidden } from "@/lib/format/invisible-characters";
import type { Analyst } from "@/lib/api/wire";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { updateAnalystAction } from "@/lib/actions/update-analyst";

type DisableAnalystDialogProps = { analyst: Analyst; isSelf: boolean; onChanged: () => void };

/** Disabling ends every session of the analyst at once; enabling lets them sign in again. */
export function DisableAnalystDialog({ analyst, isSelf, onChanged }: DisableAnalystDialogProps) {
  // Someone else's text: hidden characters shown, never obeyed (lib/format/invisible-characters.ts).
  const who = revealHidden(analyst.name || analyst.email);
  const disabling = !analyst.disabled;
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className={disabling ? "text-danger hover:bg-danger-soft" : undefined}
          aria-label={`${disabling ? "Disable" : "Enable"} ${who}`}
        >
          {disabling ? "Disable" : "Enable"}
        </Button>
      }
      title={disabling ? <>Disable {who}?</> : <>Enable {who}?</>}
      description={
        disabling
          ? isSelf
            ? "This is you: you are signed out at once and cannot sign in again until another administrator enables you."
            : "They are signed out at once, everywhere, and cannot sign in until enabled again. Their cases stay assigned to them."
          : "They can sign in again with their password or single sign-on, with their current role."
      }
      confirmLabel={disabling ? "Disable" : "Enable"}
      action={updateAnalystAction}
      input={{ id: analyst.id, change: { disabled: disabling } }}
      successMessage={disabling ? `${who} is disabled and signed out` : `${who} can sign in again`}
      onConfirmed={onChanged}
    />
  );
}
