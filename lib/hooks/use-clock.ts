"use client";

import { useSyncExternalStore } from "react";

// The time and time zone the browser sees, for ages and due times. The server render has neither
// (0 and UTC): the browser fills them in right after hydration, and the clock ticks every 30 s.

let now = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function tick() {
  now = Date.now();
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (Date.now() - now > 1_000) tick();
  timer ??= setInterval(tick, 30_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** Milliseconds since the epoch, refreshed every 30 seconds while something shows it; 0 in the server render. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => 0,
  );
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const noSubscription = () => () => {};

/** The analyst's time zone (the browser's); "UTC" in the server render. */
export function useTimeZone(): string {
  return useSyncExternalStore(noSubscription, browserZone, () => "UTC");
}
