"use client";

import { Slot } from "radix-ui";
import { Suspense, useState, type ReactElement, type ReactNode } from "react";

// A dialog or menu whose code (react-hook-form, its fields, Radix's menu) loads on the first click
// of its trigger instead of with the page (issue 32's 250 kB first load). The trigger is shown at
// once; the popup, once loaded, renders the same trigger and opens. Pointing at the trigger
// starts the load, so the click rarely waits.
//
//   const Loaded = lazy(() => import("./x-dialog").then((m) => ({ default: m.XDialog })));
//   <DeferredTrigger trigger={<Button>Add</Button>} load={() => import("./x-dialog")}
//     render={(trigger) => <Loaded trigger={trigger} defaultOpen {...props} />} />

type DeferredTriggerProps = {
  trigger: ReactElement;
  /** The popup's module import, started early (pointer over or focus on the trigger). */
  load: () => Promise<unknown>;
  /** The loaded popup (a React.lazy component), given the trigger, opened. */
  render: (trigger: ReactElement) => ReactNode;
};

export function DeferredTrigger({ trigger, load, render }: DeferredTriggerProps) {
  const [wanted, setWanted] = useState(false);
  if (wanted) return <Suspense fallback={trigger}>{render(trigger)}</Suspense>;
  const preload = () => void load().catch(() => undefined);
  return (
    <Slot.Root onPointerEnter={preload} onFocus={preload} onClick={() => setWanted(true)}>
      {trigger}
    </Slot.Root>
  );
}
