"use client";

import { Check, Pencil, Plus, Star, StarOff, Trash2, Users } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type ReactElement } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { UserText } from "@/components/ui/user-text";
import type { SavedView, SavedViewQueue } from "@/lib/api/wire";
import { viewHref, viewOfQuery } from "@/lib/queries/saved-view-query";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { DeleteViewDialog, SaveViewDialog } from "./view-dialogs";
import { useDefaultView } from "./use-default-view";

export type ViewsMenuProps = {
  queue: SavedViewQueue;
  environment: ConsoleEnvironment;
  /** The analyst's own views and the team's, as the API lists them (own first). */
  views: SavedView[];
  me: { id: string; isLead: boolean };
};

type PopupProps = ViewsMenuProps & {
  /** The view the URL shows exactly, if any. */
  current: SavedView | undefined;
  trigger: ReactElement;
  defaultOpen?: boolean;
};

type Dialog = { kind: "save" } | { kind: "rename"; view: SavedView } | { kind: "delete"; view: SavedView } | null;

/**
 * The queue's saved views: open one (its filters and order go into the URL), save the current
 * filters under a name (leads may share it with the team), make one the default the bare queue
 * opens on, rename or delete one's own. A Radix menu: arrow keys, typeahead, Escape. Loaded on
 * the first click of its trigger (views-menu.tsx).
 */
export function ViewsMenuPopup({ queue, environment, views, me, current, trigger, defaultOpen = false }: PopupProps) {
  const router = useRouter();
  const params = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const makeDefault = useDefaultView(queue, environment);
  const own = views.filter((view) => view.owner_id === me.id);
  const team = views.filter((view) => view.owner_id !== me.id);
  const mayDelete = (view: SavedView) => view.owner_id === me.id || (view.shared && me.isLead);

  const item = (view: SavedView) => (
    <DropdownMenuItem key={view.id} onSelect={() => router.push(viewHref(queue, view, me.id))} className="justify-between gap-4">
      <span className="flex min-w-0 items-center gap-2">
        {view.id === current?.id ? <Check aria-hidden="true" /> : <span className="size-4 shrink-0" />}
        <span className="truncate">
          <UserText value={view.name} />
        </span>
      </span>
      <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
        {view.shared ? (
          <span className="flex items-center gap-1" title={`Shared by ${view.owner_name}`}>
            <Users aria-hidden="true" className="size-3.5" />
            {view.owner_id === me.id ? "Shared" : <UserText value={view.owner_name} />}
          </span>
        ) : null}
        {view.is_default ? (
          <span className="flex items-center gap-1">
            <Star aria-hidden="true" className="size-3.5" />
            Default
          </span>
        ) : null}
      </span>
    </DropdownMenuItem>
  );

  return (
    <>
      {/* Not modal: a modal menu hides the page with aria-hidden while its controls stay focusable (axe). */}
      <DropdownMenu modal={false} defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-80" aria-label="Saved views">
          {own.length > 0 ? (
            <DropdownMenuGroup>
              <DropdownMenuLabel>Your views</DropdownMenuLabel>
              {own.map(item)}
            </DropdownMenuGroup>
          ) : null}
          {team.length > 0 ? (
            <DropdownMenuGroup>
              <DropdownMenuLabel>Shared with the team</DropdownMenuLabel>
              {team.map(item)}
            </DropdownMenuGroup>
          ) : null}
          {views.length === 0 ? <p className="px-2 py-1.5 text-sm text-muted-foreground">No saved views yet.</p> : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setDialog({ kind: "save" })}>
            <Plus aria-hidden="true" />
            Save current view…
          </DropdownMenuItem>
          {current ? (
            <>
              {current.is_default ? (
                <DropdownMenuItem onSelect={() => makeDefault(null, current.name)}>
                  <StarOff aria-hidden="true" />
                  Stop opening on this view
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem onSelect={() => makeDefault(current.id, current.name)}>
                  <Star aria-hidden="true" />
                  Make default
                </DropdownMenuItem>
              )}
              {current.owner_id === me.id ? (
                <DropdownMenuItem onSelect={() => setDialog({ kind: "rename", view: current })}>
                  <Pencil aria-hidden="true" />
                  Rename…
                </DropdownMenuItem>
              ) : null}
              {mayDelete(current) ? (
                <DropdownMenuItem onSelect={() => setDialog({ kind: "delete", view: current })}>
                  <Trash2 aria-hidden="true" />
                  Delete…
                </DropdownMenuItem>
              ) : null}
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog?.kind === "save" || dialog?.kind === "rename" ? (
        <SaveViewDialog
          key={dialog.kind === "rename" ? dialog.view.id : "save"}
          queue={queue}
          environment={environment}
          canShare={me.isLead}
          current={viewOfQuery(queue, new URLSearchParams(params.toString()), me.id)}
          me={me.id}
          renaming={dialog.kind === "rename" ? dialog.view : null}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === "delete" ? (
        <DeleteViewDialog view={dialog.view} queue={queue} environment={environment} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
