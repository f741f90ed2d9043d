"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { cn } from "@/lib/utils/cn";
import { Button, type ButtonProps } from "./button";

type CopyButtonProps = Omit<ButtonProps, "onClick" | "children"> & {
  value: string;
  /** Accessible name, e.g. "Copy API key". */
  label: string;
  /** Show the label next to the icon. */
  showLabel?: boolean;
};

/** Copies `value` to the clipboard and says so, visibly and to screen readers. */
export function CopyButton({ value, label, showLabel = false, className, variant = "secondary", size = "sm", ...props }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      // Insecure origins (plain HTTP on a LAN) have no clipboard API: the value stays selectable.
      setState("failed");
    }
  }

  const text = state === "copied" ? "Copied" : state === "failed" ? "Copy failed: select the text" : label;
  return (
    <>
      <Button variant={variant} size={size} onClick={copy} className={cn(className)} aria-label={showLabel ? undefined : label} {...props}>
        {state === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {showLabel ? text : null}
      </Button>
      <span role="status" className="sr-only">
        {state === "idle" ? "" : text}
      </span>
    </>
  );
}
