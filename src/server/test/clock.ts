import type { Scheduler, Timer } from '../clock.ts';

/**
 * A clock for tests: `now()` moves only when the test says, and the timers set on it (as the
 * `timers` of a poller, a job, a stream) fire when `advance` or `set` moves past their instant, in
 * order, each seeing `now()` at its own instant. What a fired callback starts asynchronously runs
 * after `advance` returns: wait for its effect (`vi.waitFor`), or for the loop's next timer
 * (`waitForTimer`).
 */
export type ManualClock = Scheduler & {
  now: () => Date;
  /** Moves time forward by `ms`, firing the timers due meanwhile. */
  advance: (ms: number) => void;
  /** Moves time to `d` (timers due by then fire; an earlier `d` fires none). */
  set: (d: Date) => void;
  /** Moves time to the soonest timer waiting and fires it (and any due at the same instant). */
  next: () => void;
  /** The delays (from now) of the timers waiting, soonest first. */
  pending: () => number[];
};

export function manualClock(start = new Date()): ManualClock {
  let t = start.getTime();
  let seq = 0;
  const timers = new Map<Timer, { at: number; seq: number; fn: () => void }>();

  function runUntil(target: number) {
    for (;;) {
      let next: [Timer, { at: number; seq: number; fn: () => void }] | undefined;
      for (const e of timers) {
        if (e[1].at > target) continue;
        if (!next || e[1].at < next[1].at || (e[1].at === next[1].at && e[1].seq < next[1].seq))
          next = e;
      }
      if (!next) break;
      timers.delete(next[0]);
      t = Math.max(t, next[1].at);
      next[1].fn();
    }
    t = target;
  }

  return {
    now: () => new Date(t),
    advance: (ms) => runUntil(t + ms),
    set: (d) => (d.getTime() >= t ? runUntil(d.getTime()) : void (t = d.getTime())),
    next() {
      const soonest = Math.min(...[...timers.values()].map((e) => e.at));
      if (Number.isFinite(soonest)) runUntil(Math.max(t, soonest));
    },
    pending: () => [...timers.values()].map((e) => e.at - t).sort((a, b) => a - b),
    setTimeout(fn, ms) {
      const timer: Timer = { timer: ++seq };
      timers.set(timer, { at: t + Math.max(0, ms), seq, fn });
      return timer;
    },
    clearTimeout(timer) {
      if (timer) timers.delete(timer);
    },
  };
}

/**
 * Awaits `p` (a poller's or a job's stop, say), moving `clock` to its next timer each time the
 * work is waiting on one: for the end of work that waits out pauses of the clock.
 */
export async function settleOn<T>(clock: ManualClock, p: Promise<T>): Promise<T> {
  let done = false;
  const settled = p.finally(() => (done = true));
  settled.catch(() => {});
  while (!done) {
    // A turn for the work to reach its next timer (or to finish) before the clock moves.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (!done) clock.next();
  }
  return settled;
}
