"use client";

import { FolderOpen, FolderPlus } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConflictNotice } from "@/components/ui/conflict-notice";
import { FormError } from "@/components/ui/form-error";
import { LinkButton } from "@/components/ui/link-button";
import { Spinner } from "@/components/ui/spinner";
import { openCaseFromAlertAction } from "@/lib/actions/open-case-from-alert";
import { updateAlertAction } from "@/lib/actions/update-alert";
import type { Alert } from "@/lib/api/wire";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { ResolveAlertDialog } from "./lazy-resolve-dialogs";

type AlertActionsProps = {
  alert: Pick<Alert, "alert_id" | "summary" | "status" | "resolution_notes" | "version">;
  environment: ConsoleEnvironment;
  /** The alert's case that is not closed yet: shown instead of opening another. */
  caseId: string | null;
};

/** Acknowledge, resolve and "Open a case" (or "Go to case") on the alert detail page. */
export function AlertActions({ alert, environment, caseId }: AlertActionsProps) {
  const router = useRouter();
  const [resolving, setResolving] = useState(false);
  // One key for this page view: pressing twice, or again after a timeout, opens one case.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const acknowledge = useAction(updateAlertAction, {
    onSuccess: () => {
      toast.success("Alert acknowledged");
      router.refresh();
    },
    onError: ({ error }) => {
      if (error.serverError?.conflict) router.refresh();
    },
  });
  const conflict = acknowledge.result.serverError?.conflict ? acknowledge.result.serverError : null;
  const openCase = useAction(openCaseFromAlertAction);
  const busy = acknowledge.isPending || openCase.isPending;

  return (
    <div className="grid justify-items-end gap-2">
      <div className="flex flex-wrap gap-2">
        {alert.status === "open" ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => acknowledge.execute({ id: alert.alert_id, version: alert.version, status: "acknowledged", environment })}
          >
            {acknowledge.isPending ? <Spinner /> : null}
            Acknowledge
          </Button>
        ) : null}
        {alert.status !== "resolved" ? (
          <Button variant="secondary" disabled={busy} onClick={() => setResolving(true)}>
            Resolve…
          </Button>
        ) : null}
        {caseId ? (
          <LinkButton href={`/cases/${encodeURIComponent(caseId)}`}>
            <FolderOpen aria-hidden="true" />
            Go to case
          </LinkButton>
        ) : (
          <Button disabled={busy} onClick={() => openCase.execute({ alertId: alert.alert_id, environment, idempotencyKey })}>
            {openCase.isPending ? <Spinner /> : <FolderPlus aria-hidden="true" />}
            Open a case
          </Button>
        )}
      </div>
      {conflict ? (
        <ConflictNotice
          error={conflict}
          redoLabel="acknowledge"
          pending={acknowledge.isPending}
          onRedo={() =>
            acknowledge.execute({ id: alert.alert_id, version: conflict.conflict!.currentVersion, status: "acknowledged", environment })
          }
          onDismiss={() => acknowledge.reset()}
        />
      ) : (
        <FormError error={acknowledge.result.serverError ?? openCase.result.serverError} />
      )}
      {resolving ? (
        <ResolveAlertDialog alert={alert} environment={environment} open onOpenChange={setResolving} onDone={() => router.refresh()} />
      ) : null}
    </div>
  );
}
