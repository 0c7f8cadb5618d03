import { realTimers, type Scheduler, type Timer } from '../../clock.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';

const DAY_MS = 86_400_000;
/** How often the job runs, and how soon after start the first run is. */
export const RETENTION_EVERY_MS = 60 * 60_000;
export const RETENTION_FIRST_MS = 30_000;
/** Rows per delete statement, and the pause between two (the embedded database runs on the main thread). */
export const RETENTION_BATCH = 5000;
export const RETENTION_PAUSE_MS = 50;
/** Days of per-visitor post view marks kept (today and the two before). */
export const VIEW_MARK_DAYS = 2;

export type RetentionRun = { events: number; views: number };
/** What the job logs with (the app's logger). */
export type RetentionLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/**
 * The retention job: deletes analytics events older than `retentionDays()` in batches of
 * `RETENTION_BATCH` (a pause between two, so requests are served meanwhile), then the blog's
 * per-day view marks before today − 2. Runs `firstMs` after `start()` and every `everyMs`;
 * `stop()` ends the run in progress after its current statement and waits for it.
 */
export function retentionJob(deps: {
  repo: Pick<AnalyticsRepository, 'pruneEvents' | 'pruneViews'>;
  retentionDays: () => Promise<number>;
  now: () => Date;
  timers?: Scheduler;
  log: RetentionLog;
  everyMs?: number;
  firstMs?: number;
  batch?: number;
  pauseMs?: number;
}) {
  const everyMs = deps.everyMs ?? RETENTION_EVERY_MS;
  const batch = deps.batch ?? RETENTION_BATCH;
  const pauseMs = deps.pauseMs ?? RETENTION_PAUSE_MS;
  const timers = deps.timers ?? realTimers;
  let timer: Timer | undefined;
  /** Scheduling runs (between start and stop). */
  let started = false;
  /** Set by stop(): the run in progress ends after its current statement. */
  let stopped = false;
  let running: Promise<RetentionRun> | undefined;
  let wake: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = timers.setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      wake = () => {
        timers.clearTimeout(t);
        wake = undefined;
        resolve();
      };
    });

  async function prune(): Promise<RetentionRun> {
    const t = deps.now();
    const days = await deps.retentionDays();
    const before = new Date(t.getTime() - days * DAY_MS);
    let events = 0;
    for (;;) {
      const n = await deps.repo.pruneEvents(before, batch);
      events += n;
      if (n < batch || stopped) break;
      await pause(pauseMs);
      if (stopped) break;
    }
    const today = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
    const keepFrom = new Date(today - VIEW_MARK_DAYS * DAY_MS).toISOString().slice(0, 10);
    const views = stopped ? 0 : await deps.repo.pruneViews(keepFrom);
    if (events > 0 || views > 0) deps.log.info({ events, views }, 'analytics retention: pruned');
    return { events, views };
  }

  /** One run now (tests call it; a run already going is joined, not doubled). */
  function runOnce(): Promise<RetentionRun> {
    running ??= prune().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(ms: number) {
    if (!started) return;
    timer = timers.setTimeout(
      () => {
        timer = undefined;
        runOnce()
          .catch((err: unknown) => deps.log.warn({ err }, 'analytics retention failed'))
          .finally(() => schedule(everyMs));
      },
      ms,
      { unref: true },
    );
  }

  return {
    start() {
      if (started) return;
      started = true;
      stopped = false;
      schedule(deps.firstMs ?? RETENTION_FIRST_MS);
    },
    runOnce: () => {
      stopped = false;
      return runOnce();
    },
    /** Whether runs are scheduled. */
    started: () => started,
    async stop() {
      started = false;
      stopped = true;
      timers.clearTimeout(timer);
      timer = undefined;
      wake?.();
      await running?.catch(() => {});
    },
  };
}
export type RetentionJob = ReturnType<typeof retentionJob>;
