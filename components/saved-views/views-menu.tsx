"use client";

import { Bookmark, ChevronDown } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { lazy } from "react";
import { Button } from "@/components/ui/button";
import { DeferredTrigger } from "@/components/ui/deferred-trigger";
import { revealHidden } from "@/lib/format/invisible-characters";
import { showsView } from "@/lib/queries/saved-view-query";
import type { ViewsMenuProps } from "./views-menu-popup";

// Radix's menu, the dialogs and their actions load on the first click of "Views", not with the
// queue (issue 32's 250 kB first load); the trigger, naming the view shown, is here at once.
const loadPopup = () => import("./views-menu-popup");
const ViewsMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.ViewsMenuPopup })));

/** The queue's "Views" control: the trigger names the saved view the URL shows, if any. */
export function ViewsMenu(props: ViewsMenuProps) {
  const params = useSearchParams();
  const current = props.views.find((view) => showsView(props.queue, new URLSearchParams(params.toString()), view, props.me.id));
  const trigger = (
    <Button variant="secondary" className="max-w-80">
      <Bookmark aria-hidden="true" />
      <span className="truncate">{current ? `View: ${revealHidden(current.name)}` : "Views"}</span>
      <ChevronDown aria-hidden="true" />
    </Button>
  );
  return (
    <DeferredTrigger
      trigger={trigger}
      load={loadPopup}
      render={(t) => <ViewsMenuPopup {...props} current={current} trigger={t} defaultOpen />}
    />
  );
}
