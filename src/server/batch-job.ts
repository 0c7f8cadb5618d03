import { realTimers, type Scheduler, type Timer } from './clock.ts';

/** How often a batch job runs by default, and how soon after start the first run is. */
export const BATCH_JOB_EVERY_MS = 60 * 60_000;
export const BATCH_JOB_FIRST_MS = 30_000;
/** Rows per statement, and the pause between two (the embedded database runs on the main thread). */
export const BATCH_ROWS = 5000;
export const BATCH_PAUSE_MS = 50;

/**
 * One step of a batch job: handles up to `batch` rows that are due at `now` (deletes old ones,
 * queues events), answering how many. Called again, after a pause, while it handles a full batch.
 */
export type BatchStep = (now: Date, batch: number) => Promise<number>;

/** What a batch job logs with (the app's logger). */
export type BatchJobLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/**
 * A periodic job over rows (retention, scheduled events): runs its steps in order, each in batches
 * (a pause between two, so requests are served meanwhile), and answers how many rows each step
 * handled. Runs `firstMs` after `start()` and every `everyMs`; `stop()` ends the run in progress
 * after its current statement and waits for it. Logs under its `name`.
 */
export function batchJob<K extends string>(deps: {
  name: string;
  steps: Record<K, BatchStep>;
  now: () => Date;
  timers?: Scheduler;
  log: BatchJobLog;
  everyMs?: number;
  firstMs?: number;
  batch?: number;
  pauseMs?: number;
}) {
  const everyMs = deps.everyMs ?? BATCH_JOB_EVERY_MS;
  const batch = deps.batch ?? BATCH_ROWS;
  const pauseMs = deps.pauseMs ?? BATCH_PAUSE_MS;
  const timers = deps.timers ?? realTimers;
  const keys = Object.keys(deps.steps) as K[];
  let timer: Timer | undefined;
  /** Scheduling runs (between start and stop). */
  let started = false;
  /** Set by stop(): the run in progress ends after its current statement. */
  let stopped = false;
  let running: Promise<Record<K, number>> | undefined;
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

  async function runSteps(): Promise<Record<K, number>> {
    const t = deps.now();
    const counts = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
    for (const k of keys) {
      while (!stopped) {
        const n = await deps.steps[k](t, batch);
        counts[k] += n;
        if (n < batch || stopped) break;
        await pause(pauseMs);
      }
    }
    if (keys.some((k) => counts[k] > 0)) deps.log.info(counts, deps.name);
    return counts;
  }

  /** One run now (tests call it; a run already going is joined, not doubled). */
  function runOnce(): Promise<Record<K, number>> {
    running ??= runSteps().finally(() => {
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
          .catch((err: unknown) => deps.log.warn({ err }, `${deps.name} failed`))
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
      schedule(deps.firstMs ?? BATCH_JOB_FIRST_MS);
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
export type BatchJob<K extends string = string> = ReturnType<typeof batchJob<K>>;
