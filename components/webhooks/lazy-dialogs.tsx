"use client";

import { Pencil, Plus } from "lucide-react";
import { lazy } from "react";
import { Button } from "@/components/ui/button";
import { DeferredTrigger } from "@/components/ui/deferred-trigger";
import { revealHidden } from "@/lib/format/invisible-characters";
import type { CreateWebhookDialog as LoadedCreate } from "./create-webhook-dialog";
import type { EditWebhookDialog as LoadedEdit } from "./edit-webhook-dialog";

// The webhook forms load on the first click of their button (DeferredTrigger), not with the pages.
const loadCreate = () => import("./create-webhook-dialog");
const loadEdit = () => import("./edit-webhook-dialog");
const Create = lazy(() => loadCreate().then((m) => ({ default: m.CreateWebhookDialog })));
const Edit = lazy(() => loadEdit().then((m) => ({ default: m.EditWebhookDialog })));

type Deferred<T extends (props: never) => unknown> = Omit<Parameters<T>[0], "trigger" | "defaultOpen">;

export function CreateWebhookDialog(props: Deferred<typeof LoadedCreate>) {
  const trigger = (
    <Button>
      <Plus aria-hidden="true" />
      Add endpoint
    </Button>
  );
  return <DeferredTrigger trigger={trigger} load={loadCreate} render={(t) => <Create {...props} trigger={t} defaultOpen />} />;
}

/** "row": a small ghost button for a table row; "page": a secondary button for the detail page. */
export function EditWebhookDialog({ variant = "row", ...props }: Deferred<typeof LoadedEdit> & { variant?: "row" | "page" }) {
  const trigger =
    variant === "row" ? (
      <Button variant="ghost" size="sm" aria-label={`Edit endpoint ${revealHidden(props.endpoint.url)}`}>
        Edit
      </Button>
    ) : (
      <Button variant="secondary">
        <Pencil aria-hidden="true" />
        Edit
      </Button>
    );
  return <DeferredTrigger trigger={trigger} load={loadEdit} render={(t) => <Edit {...props} trigger={t} defaultOpen />} />;
}
