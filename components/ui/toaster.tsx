"use client";

import { Toaster as Sonner } from "sonner";

// Toasts confirm what just happened ("Key revoked"); errors that need reading stay in the page.
// Sonner announces toasts through an aria-live region.
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: "rounded-lg! border! border-border! bg-surface! text-foreground! shadow-lg!",
          description: "text-muted-foreground!",
        },
      }}
    />
  );
}
