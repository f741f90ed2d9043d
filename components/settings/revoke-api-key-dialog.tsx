"use client";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { revokeApiKeyAction } from "@/lib/actions/revoke-api-key";
import type { ApiKey } from "@/lib/api/wire";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { revealHidden } from "@/lib/format/invisible-characters";
import { UserText } from "@/components/ui/user-text";

type RevokeApiKeyDialogProps = {
  apiKey: ApiKey;
  environment: ConsoleEnvironment;
  /** This key is the one the console itself calls the API with. */
  usedByConsole: boolean;
  onRevoked: () => void;
};

/** Revocation is instant and final: confirm it, naming the key, and say what breaks. */
export function RevokeApiKeyDialog({ apiKey, environment, usedByConsole, onRevoked }: RevokeApiKeyDialogProps) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-danger hover:bg-danger-soft"
          aria-label={`Revoke key ${revealHidden(apiKey.label)} ending ${apiKey.last_four}`}
        >
          Revoke
        </Button>
      }
      title={
        <>
          Revoke “<UserText value={apiKey.label} />
          ”?
        </>
      }
      description={
        <>
          Requests with the key ending <code className="font-mono">{apiKey.last_four}</code> are refused from the next request on. This
          cannot be undone.
        </>
      }
      confirmLabel="Revoke key"
      action={revokeApiKeyAction}
      input={{ id: apiKey.id, environment }}
      successMessage={`Key “${revealHidden(apiKey.label)}” revoked`}
      onConfirmed={onRevoked}
    >
      {usedByConsole ? (
        <p role="note" className="mt-3 rounded-lg border border-danger/40 bg-danger-soft p-3 text-sm">
          <strong className="font-semibold">This console uses this key.</strong> After revoking it, the console cannot read this environment
          until it is given a new key (ARGUS_CONSOLE_{environment === "production" ? "LIVE" : "TEST"}_KEY, or a new console.env).
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
