import { useSyncExternalStore } from 'react';

/** How often relative times ('5m ago', 'Expires in 3 days') are brought up to date. */
const TICK_MS = 30_000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    // Brought up to date when it is a tick old (not before: a hydrated page keeps its render time
    // until the first tick, so hydrating does not render every relative time a second time).
    if (Date.now() - now >= TICK_MS) now = Date.now();
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
 * The time a server-rendered page was rendered at (ms), so its hydration renders the same relative
 * times ('5m ago') as the server did; the client's own time follows at the next tick.
 */
let renderedAt: number | undefined;
const serverSnapshot = () => renderedAt ?? now;

/** Sets the time that server rendering and hydration use (and the client's until its next tick). */
export function setRenderedAt(ms: number) {
  renderedAt = ms;
  now = ms;
}

/**
 * The current time, refreshed every 30 seconds by one timer shared by every component that asks
 * (a grid of hundreds of cards ticks once, not once per card). On the server and while hydrating:
 * the page's render time (`setRenderedAt`), which the client keeps until its next tick.
 */
export function useNow(): Date {
  const ms = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return new Date(ms);
}
