/**
 * Timers, injected into every timer-driven loop of the server (the poller, the retention job, the
 * view counter, the analytics recorder, event-stream heartbeats, waiting public reads), so tests
 * step a manual clock (`test/clock.ts`) instead of sleeping. Production uses `realTimers`.
 */
export type Timer = { readonly timer: unknown };

export type Scheduler = {
  /** Calls `fn` once, `ms` from now. `unref`: the timer alone does not keep the process alive. */
  setTimeout(fn: () => void, ms: number, options?: { unref?: boolean }): Timer;
  /** Cancels a timer (a fired or cleared one, or undefined: nothing happens). */
  clearTimeout(timer: Timer | undefined): void;
};

/** Node's own timers. */
export const realTimers: Scheduler = {
  setTimeout(fn, ms, options) {
    const timer = setTimeout(fn, ms);
    if (options?.unref) timer.unref();
    return { timer };
  },
  clearTimeout(t) {
    if (t) clearTimeout(t.timer as NodeJS.Timeout);
  },
};

/** A promise that resolves after `ms` on `timers`. */
export const delay = (timers: Scheduler, ms: number) =>
  new Promise<void>((resolve) => timers.setTimeout(resolve, ms));
