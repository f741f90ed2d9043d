"use client";

import { useSyncExternalStore } from "react";

// The time and time zone the browser sees, for ages and due times. The server render uses UTC; the
// browser re-renders right after hydration with its own zone, and the clock then ticks every 30 s.

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    listeners.forEach((l) => l());
  }, 30_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** Milliseconds since the epoch, refreshed every 30 seconds while something shows it. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const noSubscription = () => () => {};

/** The analyst's time zone (the browser's); "UTC" in the server render. */
export function useTimeZone(): string {
  return useSyncExternalStore(noSubscription, browserZone, () => "UTC");
}
