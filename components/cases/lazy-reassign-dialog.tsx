"use client";

import dynamic from "next/dynamic";
import { useState, type ComponentProps } from "react";
import type { ReassignDialog } from "./reassign-dialog";

// The dialog's form (react-hook-form) loads with the first reassignment, not with the case lists:
// it keeps /cases and /cases/queue within issue 32's 250 kB first load.
const LoadedReassignDialog = dynamic(() => import("./reassign-dialog").then((m) => m.ReassignDialog), { ssr: false });

/** ReassignDialog, mounted from its first proposal on (and kept, so it closes with its animation). */
export function LazyReassignDialog(props: ComponentProps<typeof ReassignDialog>) {
  const [wanted, setWanted] = useState(false);
  if (props.proposal !== null && !wanted) setWanted(true);
  return wanted ? <LoadedReassignDialog {...props} /> : null;
}
