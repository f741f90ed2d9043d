"use client";

import { useAction } from "next-safe-action/hooks";
import { useState } from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { Spinner } from "@/components/ui/spinner";
import { revokeApiKeyAction } from "@/lib/actions/revoke-api-key";
import type { ApiKey } from "@/lib/schemas/api-key";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";

type RevokeApiKeyDialogProps = {
  apiKey: ApiKey;
  environment: ConsoleEnvironment;
  /** This key is the one the console itself calls the API with. */
  usedByConsole: boolean;
  onRevoked: () => void;
};

/** Revocation is instant and final: confirm it, naming the key, and say what breaks. */
export function RevokeApiKeyDialog({ apiKey, environment, usedByConsole, onRevoked }: RevokeApiKeyDialogProps) {
  const [open, setOpen] = useState(false);
  const { execute, result, isPending, reset } = useAction(revokeApiKeyAction, {
    onSuccess: () => {
      setOpen(false);
      toast.success(`Key “${apiKey.label}” revoked`);
      onRevoked();
    },
  });
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-danger hover:bg-danger-soft" aria-label={`Revoke key ${apiKey.label} ending ${apiKey.last_four}`}>
          Revoke
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Revoke “{apiKey.label}”?</AlertDialogTitle>
        <AlertDialogDescription>
          Requests with the key ending <code className="font-mono">{apiKey.last_four}</code> are refused from the next request on. This cannot be undone.
        </AlertDialogDescription>
        {usedByConsole ? (
          <p role="note" className="mt-3 rounded-lg border border-danger/40 bg-danger-soft p-3 text-sm">
            <strong className="font-semibold">This console uses this key.</strong> After revoking it, the console cannot read this environment until it
            is given a new key (ARGUS_CONSOLE_{environment === "production" ? "LIVE" : "TEST"}_KEY, or a new console.env).
          </p>
        ) : null}
        <FormError error={result.serverError} className="mt-4" />
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={isPending}>
              Cancel
            </Button>
          </AlertDialogCancel>
          {/* Not AlertDialogAction: that would close the dialog before the API has answered. */}
          <Button variant="danger" disabled={isPending} onClick={() => execute({ id: apiKey.id, environment })}>
            {isPending ? <Spinner /> : null}
            Revoke key
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
