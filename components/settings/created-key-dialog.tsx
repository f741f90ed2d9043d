"use client";

import { SecretOnceDialog } from "@/components/ui/secret-once-dialog";
import type { CreatedApiKey } from "@/lib/api/wire";
import { UserText } from "@/components/ui/user-text";

/**
 * The one time a key's secret is shown. Closing drops the secret from memory (the parent clears
 * its state); it is in no cache and no log.
 */
export function CreatedKeyDialog({ created, onDone }: { created: CreatedApiKey | null; onDone: () => void }) {
  return (
    <SecretOnceDialog
      secret={created?.key ?? null}
      onDone={onDone}
      title="Copy your new API key"
      description={
        <>
          “<UserText value={created?.label} />” ({created?.environment === "live" ? "live" : "test"} key)
          {created && created.scopes.length > 0 ? `, scopes: ${created.scopes.join(", ")}` : ", unrestricted"}.
        </>
      }
      noun="key"
      label="API key"
      inputId="new-api-key"
      advice="Store it in your secret manager now. Argus keeps only a hash; a lost key must be revoked and replaced."
    />
  );
}
