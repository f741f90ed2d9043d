"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { setDefaultViewAction } from "@/lib/actions/set-default-view";
import { revealHidden } from "@/lib/format/invisible-characters";
import type { SavedViewQueue } from "@/lib/api/wire";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";

/** Makes a view (or none) the one the bare queue opens on; the menu refreshes with the answer. */
export function useDefaultView(queue: SavedViewQueue, environment: ConsoleEnvironment) {
  const router = useRouter();
  const action = useAction(setDefaultViewAction, {
    onSuccess: ({ data }) => {
      toast.success(
        data?.view ? `The ${queue} queue now opens on “${revealHidden(data.view.name)}”` : `The ${queue} queue opens unfiltered again`,
      );
      router.refresh();
    },
    onError: ({ error }) => toast.error(error.serverError?.message ?? "The default view could not be changed."),
  });
  return (viewId: string | null, _name: string) => action.execute({ environment, queue, viewId });
}
