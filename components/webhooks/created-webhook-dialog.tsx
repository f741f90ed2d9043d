"use client";

import { SecretOnceDialog } from "@/components/ui/secret-once-dialog";
import { describeEvents } from "@/lib/format/webhook";
import type { CreatedWebhookEndpoint } from "@/lib/api/wire";
import { UserText } from "@/components/ui/user-text";

/**
 * The one time an endpoint's signing secret is shown. Closing drops the secret from memory (the
 * parent clears its state).
 */
export function CreatedWebhookDialog({ created, onDone }: { created: CreatedWebhookEndpoint | null; onDone: () => void }) {
  return (
    <SecretOnceDialog
      secret={created?.secret ?? null}
      onDone={onDone}
      title="Copy the signing secret"
      description={
        <>
          <UserText value={created?.url} className="break-all" /> receives {created ? describeEvents(created.events).toLowerCase() : ""}.
        </>
      }
      noun="secret"
      label="Signing secret"
      inputId="new-webhook-secret"
      advice={
        <>
          Your receiver needs it to verify the <code className="font-mono text-xs">webhook-signature</code> header of every event (Standard
          Webhooks). A lost secret means deleting the endpoint and adding it again.
        </>
      }
    />
  );
}
