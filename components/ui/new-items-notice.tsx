"use client";

import { ArrowDownToLine } from "lucide-react";
import { useEffect, useRef } from "react";
import { newItemsLabel, type NewItemsCount } from "@/lib/hooks/new-items";
import { Button } from "./button";

type NewItemsNoticeProps = {
  /** From useNewItems. */
  fresh: NewItemsCount;
  /** What the queue lists, singular and plural: ["alert", "alerts"]. */
  noun: readonly [string, string];
  /** Reads the queue again (the same page and filters): only now do rows change. */
  onShow: () => void;
};

/**
 * "3 new alerts · Show", floating above the page (centred on the main column) so its arrival moves nothing: no row, no scroll
 * position, no focus. A polite live region announces it once per change of the count.
 */
export function NewItemsNotice({ fresh, noun, onShow }: NewItemsNoticeProps) {
  const text = `${newItemsLabel(fresh)} ${fresh.count === 1 && !fresh.more ? noun[0] : noun[1]}`;

  // The row the analyst was on before reaching for the notice (rows are keyed by id, so the
  // element stays that row's while the queue is read again).
  const lastRow = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const row = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>("#main tbody tr") : null;
      if (row) lastRow.current = row;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);

  function show() {
    // The notice goes away with the new rows: give the focus back to the queue, where j / k
    // continue, instead of losing it to the page.
    const row = lastRow.current?.isConnected
      ? lastRow.current
      : document.querySelector<HTMLElement>("#main tbody tr[data-active], #main tbody tr[tabindex='0']");
    (row ?? document.getElementById("main"))?.focus({ preventScroll: true });
    onShow();
  }

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-6 z-40 flex justify-center px-4 lg:pl-64">
      <div role="status" aria-live="polite" aria-atomic="true">
        {fresh.count > 0 ? (
          <p
            data-new-items=""
            className="pointer-events-auto flex items-center gap-3 rounded-full border border-border-strong bg-surface py-1.5 pr-1.5 pl-4 text-sm font-medium shadow-lg"
          >
            <span>{text}</span>
            <Button size="sm" className="rounded-full" onClick={show}>
              <ArrowDownToLine aria-hidden="true" />
              Show
            </Button>
          </p>
        ) : null}
      </div>
    </div>
  );
}
