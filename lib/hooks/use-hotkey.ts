"use client";

import { useEffect, useRef } from "react";
import { hasCommandModifier, isTypingTarget } from "./keyboard";

/** Whether a modal (Radix dialog, alert dialog) is open: page shortcuts pause behind it. */
export function modalIsOpen(): boolean {
  return document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null;
}

/**
 * Calls `handler` when `key` is pressed anywhere on the page, except while typing, with a command
 * modifier held, or behind an open dialog. `key` is KeyboardEvent.key ("?", "j", "Enter"…).
 */
export function useHotkey(
  key: string | readonly string[],
  handler: (event: KeyboardEvent) => void,
  options: { enabled?: boolean } = {},
): void {
  const enabled = options.enabled ?? true;
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  const keys = typeof key === "string" ? key : key.join("\u0000");
  useEffect(() => {
    if (!enabled) return;
    const wanted = keys.split("\u0000");
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing || hasCommandModifier(event)) return;
      if (!wanted.includes(event.key) || isTypingTarget(event.target) || modalIsOpen()) return;
      handlerRef.current(event);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [keys, enabled]);
}
