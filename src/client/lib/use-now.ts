import { useSyncExternalStore } from 'react';

/** How often relative times ('5m ago', 'Expires in 3 days') are brought up to date. */
const TICK_MS = 30_000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const snapshot = () => now;

/**
 * The current time, refreshed every 30 seconds by one timer shared by every component that asks
 * (a grid of hundreds of cards ticks once, not once per card).
 */
export function useNow(): Date {
  const ms = useSyncExternalStore(subscribe, snapshot, snapshot);
  return new Date(ms);
}
