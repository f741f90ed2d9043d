"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Form, FormFieldItem, formLevelError, setServerError } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { deleteViewAction } from "@/lib/actions/delete-view";
import { renameViewAction } from "@/lib/actions/rename-view";
import { saveViewAction } from "@/lib/actions/save-view";
import type { SavedView, SavedViewQueue } from "@/lib/api/wire";
import { revealHidden } from "@/lib/format/invisible-characters";
import { viewHref } from "@/lib/queries/saved-view-query";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import type { SavedViewNameForm } from "@/lib/schemas/saved-view";

const FIELDS = ["name", "shared"] as const;

type SaveViewDialogProps = {
  queue: SavedViewQueue;
  environment: ConsoleEnvironment;
  canShare: boolean;
  /** The queue's filters and order now (from the URL). */
  current: { filters: Record<string, string>; sort: string };
  /** A view being renamed; null: the current filters are saved as a new view. */
  renaming: SavedView | null;
  /** The signed-in analyst's id (a saved `assignee_id: me` opens as theirs). */
  me: string;
  onClose: () => void;
};

/** "Save current view…" (a name; leads may share it with the team) and "Rename…" of one's own view. */
export function SaveViewDialog({ queue, environment, canShare, current, renaming, me, onClose }: SaveViewDialogProps) {
  const router = useRouter();
  const form = useForm<SavedViewNameForm>({
    defaultValues: { name: renaming?.name ?? "", shared: false },
    resolver: lazyZodResolver(() => import("@/lib/schemas/saved-view").then((m) => m.SavedViewNameSchema)),
  });
  const onError = ({ error }: { error: { serverError?: import("@/lib/schemas/safe-error").SafeError } }) =>
    void setServerError(form, error.serverError, FIELDS);
  const save = useAction(saveViewAction, {
    onSuccess: ({ data }) => {
      if (!data) return;
      toast.success(`View “${revealHidden(data.name)}” saved${data.shared ? " and shared with the team" : ""}`);
      onClose();
      router.push(viewHref(queue, data, me));
      router.refresh();
    },
    onError,
  });
  const rename = useAction(renameViewAction, {
    onSuccess: ({ data }) => {
      toast.success(`Renamed to “${revealHidden(data?.name ?? "")}”`);
      onClose();
      router.refresh();
    },
    onError,
  });
  const pending = save.isPending || rename.isPending;
  const serverError = renaming ? rename.result.serverError : save.result.serverError;
  const submit = form.handleSubmit((values) => {
    const name = values.name.trim();
    if (renaming) rename.execute({ environment, id: renaming.id, version: renaming.version, name });
    else save.execute({ environment, queue, name, shared: canShare && values.shared, ...current });
  });

  return (
    <Form {...form}>
      <FormDialog
        open
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={renaming ? "Rename view" : "Save current view"}
        description={
          renaming
            ? `“${revealHidden(renaming.name)}” keeps its filters and order.`
            : `The ${queue} queue's filters and order as they are now, under a name. Only you see it unless you share it.`
        }
        onSubmit={submit}
        submitLabel={renaming ? "Rename" : "Save view"}
        pending={pending}
        error={formLevelError(serverError, FIELDS)}
      >
        <FormFieldItem control={form.control} name="name" label="Name" description="Up to 80 characters.">
          {(field) => <Input {...field} autoComplete="off" maxLength={200} />}
        </FormFieldItem>
        {canShare && !renaming ? (
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="checkbox" {...form.register("shared")} className="size-4 accent-[var(--primary)]" />
            Share with team
          </label>
        ) : null}
      </FormDialog>
    </Form>
  );
}

/** Deleting a view, confirmed; anyone's default on it goes too. */
export function DeleteViewDialog({
  view,
  queue,
  environment,
  onClose,
}: {
  view: SavedView;
  queue: SavedViewQueue;
  environment: ConsoleEnvironment;
  onClose: () => void;
}) {
  const router = useRouter();
  const remove = useAction(deleteViewAction, {
    onSuccess: () => {
      toast.success(`View “${revealHidden(view.name)}” deleted`);
      onClose();
      router.refresh();
    },
  });
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete view"
      description={`“${revealHidden(view.name)}” leaves the ${queue} views${view.shared ? " of the whole team" : ""}; whoever opened their queue on it sees it unfiltered.`}
      onSubmit={(event) => {
        event.preventDefault();
        remove.execute({ environment, id: view.id, version: view.version });
      }}
      submitLabel="Delete"
      pending={remove.isPending}
      error={remove.result.serverError}
    >
      {null}
    </FormDialog>
  );
}
