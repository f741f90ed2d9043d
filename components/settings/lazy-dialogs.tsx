"use client";

import { Plus, UserPlus } from "lucide-react";
import { lazy } from "react";
import { Button } from "@/components/ui/button";
import { DeferredTrigger } from "@/components/ui/deferred-trigger";
import type { AddAnalystDialog as LoadedAddAnalyst } from "./add-analyst-dialog";
import type { CreateApiKeyDialog as LoadedCreateApiKey } from "./create-api-key-dialog";

// The admin pages' create dialogs load on the first click of their button (DeferredTrigger).
const loadAddAnalyst = () => import("./add-analyst-dialog");
const loadCreateApiKey = () => import("./create-api-key-dialog");
const AddAnalyst = lazy(() => loadAddAnalyst().then((m) => ({ default: m.AddAnalystDialog })));
const CreateApiKey = lazy(() => loadCreateApiKey().then((m) => ({ default: m.CreateApiKeyDialog })));

type Deferred<T extends (props: never) => unknown> = Omit<Parameters<T>[0], "trigger" | "defaultOpen">;

export function AddAnalystDialog(props: Deferred<typeof LoadedAddAnalyst>) {
  const trigger = (
    <Button>
      <UserPlus aria-hidden="true" />
      Add analyst
    </Button>
  );
  return <DeferredTrigger trigger={trigger} load={loadAddAnalyst} render={(t) => <AddAnalyst {...props} trigger={t} defaultOpen />} />;
}

export function CreateApiKeyDialog(props: Deferred<typeof LoadedCreateApiKey>) {
  const trigger = (
    <Button>
      <Plus aria-hidden="true" />
      Create key
    </Button>
  );
  return <DeferredTrigger trigger={trigger} load={loadCreateApiKey} render={(t) => <CreateApiKey {...props} trigger={t} defaultOpen />} />;
}
