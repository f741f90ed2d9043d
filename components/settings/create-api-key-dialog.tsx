"use client";

import { Plus } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { createApiKeyAction } from "@/lib/actions/create-api-key";
import type { ApiKeyScope, CreatedApiKey } from "@/lib/schemas/api-key";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Create key
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create an API key</DialogTitle>
          <DialogDescription>
            A {environment === "production" ? "live" : "test"} key for {environmentLabels[environment]}. It works only against the{" "}
            {environmentLabels[environment].toLowerCase()} API.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="mt-5 grid gap-5" noValidate>
          <FormError error={result.serverError} />
          <Field label="Label" hint="Which service or person uses it, e.g. “Checkout service”." error={fieldErrors?.label}>
            <Input value={label} onChange={(event) => setLabel(event.target.value)} maxLength={100} required autoComplete="off" disabled={isPending} />
          </Field>
          <ScopesFieldset value={scopes} onChange={setScopes} disabled={isPending} />
          {fieldErrors?.scopes ? <p className="text-xs font-medium text-danger">{fieldErrors.scopes[0]}</p> : null}
          <DialogFooter className="mt-1">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? <Spinner /> : null}
              Create key
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
