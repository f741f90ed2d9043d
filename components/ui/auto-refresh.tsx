"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { modalIsOpen } from "@/lib/hooks/use-hotkey";

/**
 * Re-renders the server page every `intervalMs` (router.refresh keeps the URL, scroll position,
 * focus and client state, so the analyst keeps their place). Skipped while a dialog is open (the
 * analyst is writing notes) and while the tab is hidden (nobody is looking).
 */
export function AutoRefresh({ intervalMs = 15_000 }: { intervalMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.hidden || modalIsOpen()) return;
      router.refresh();
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [router, intervalMs]);
  return null;
}
