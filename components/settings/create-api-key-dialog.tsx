"use client";

import { Plus } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { createApiKeyAction } from "@/lib/actions/create-api-key";
import type { ApiKeyScope, CreatedApiKey } from "@/lib/api/wire";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";
import { LimitedText } from "@/components/ui/limited-text";
import { ScopesFieldset } from "./scopes-fieldset";

type CreateApiKeyDialogProps = {
  environment: ConsoleEnvironment;
  onCreated: (created: CreatedApiKey) => void;
};

export function CreateApiKeyDialog({ environment, onCreated }: CreateApiKeyDialogProps) {
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const { execute, result, isPending, reset } = useAction(createApiKeyAction, {
    onSuccess: ({ data }) => {
      setOpen(false);
      setLabel("");
      setScopes([]);
      reset();
      onCreated(data);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    execute({ label, scopes, environment });
  }

  const fieldErrors = result.validationErrors?.fieldErrors;
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onClose={reset}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          Create key
        </Button>
      }
      title="Create an API key"
      description={
        <>
          A {environment === "production" ? "live" : "test"} key for {environmentLabels[environment]}. It works only against the{" "}
          {environmentLabels[environment].toLowerCase()} API.
        </>
      }
      className="max-w-2xl"
      onSubmit={submit}
      submitLabel="Create key"
      pending={isPending}
      submitDisabled={overLimit(label, TEXT_LIMITS.apiKeyLabel)}
      error={result.serverError}
    >
      <Field label="Label" hint="Which service or person uses it, e.g. “Checkout service”." error={fieldErrors?.label}>
        <LimitedText max={TEXT_LIMITS.apiKeyLabel} value={label} onChange={(event) => setLabel(event.target.value)} required autoComplete="off" disabled={isPending} />
      </Field>
      <ScopesFieldset value={scopes} onChange={setScopes} disabled={isPending} />
      {fieldErrors?.scopes ? <p className="text-xs font-medium text-danger">{fieldErrors.scopes[0]}</p> : null}
    </FormDialog>
  );
}
