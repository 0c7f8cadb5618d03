import type { FastifyBaseLogger } from 'fastify';
import { realTimers, type Scheduler, type Timer } from '../../clock.ts';

export type ViewKind = 'page' | 'single';
export type ViewBatch = { id: string; n: number; at: Date }[];

/** How often counted views are written. */
export const VIEWS_FLUSH_MS = 5_000;

/**
 * Public views counted in memory and written in batches: one statement per table per flush (every
 * few seconds, and when the app closes), not a write per request. A failed write keeps its counts
 * for the next flush.
 */
export function viewCounter(deps: {
  write: (kind: ViewKind, views: ViewBatch) => Promise<void>;
  now: () => Date;
  timers?: Scheduler;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const timers = deps.timers ?? realTimers;
  const pending: Record<ViewKind, Map<string, { n: number; at: Date }>> = {
    page: new Map(),
    single: new Map(),
  };
  let timer: Timer | undefined;
  let closed = false;
  let flushing: Promise<void> = Promise.resolve();

  /** A flush in a few seconds, unless one is already due. */
  function arm() {
    if (closed) return;
    timer ??= timers.setTimeout(
      () => {
        timer = undefined;
        void flush();
      },
      deps.intervalMs ?? VIEWS_FLUSH_MS,
      { unref: true },
    );
  }

  async function writeAll() {
    for (const kind of ['page', 'single'] as const) {
      if (pending[kind].size === 0) continue;
      const batch = pending[kind];
      pending[kind] = new Map();
      const views = [...batch].map(([id, v]) => ({ id, n: v.n, at: v.at }));
      try {
        await deps.write(kind, views);
      } catch (err) {
        deps.log.warn({ err }, 'writing public view counts failed; kept for the next flush');
        for (const v of views) add(kind, v.id, v.n, v.at);
        arm();
      }
    }
  }

  function add(kind: ViewKind, id: string, n: number, at: Date) {
    const v = pending[kind].get(id);
    if (v) {
      v.n += n;
      if (at > v.at) v.at = at;
    } else pending[kind].set(id, { n, at });
  }

  /** Writes what was counted so far (after any flush already running). */
  function flush() {
    flushing = flushing.then(writeAll);
    return flushing;
  }

  return {
    /** One view of a page or endpoint, now. */
    hit(kind: ViewKind, id: string) {
      add(kind, id, 1, deps.now());
      arm();
    },
    flush,
    /** Stops the timer and writes the rest. */
    async close() {
      closed = true;
      timers.clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}
export type ViewCounter = ReturnType<typeof viewCounter>;
