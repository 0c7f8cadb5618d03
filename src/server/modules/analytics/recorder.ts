import { isIP } from 'node:net';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AnalyticsEventType } from '../../../shared/analytics.ts';
import { realTimers, type Scheduler, type Timer } from '../../clock.ts';
import { pgErrorCode } from '../../db/errors.ts';
import type { EventRow } from './analytics.repository.ts';

/** An event to record; `fromRequest(req)` fills the visitor's part. */
export type RecordedEvent = {
  type: AnalyticsEventType;
  data?: Record<string, unknown>;
  userId?: string | null;
  sessionId?: string | null;
  pageUrl?: string | null;
  referrer?: string | null;
  userAgent?: string | null;
  /** Already truncated (`truncateIp`). */
  ip?: string | null;
};

/** How often buffered events are written, and the most rows per statement. */
export const EVENTS_FLUSH_MS = 1000;
export const EVENTS_BATCH = 500;
/** Events held in memory at most (while the database is slow or down); past it, new ones drop. */
export const EVENTS_MAX_PENDING = 20_000;
const USER_AGENT_MAX = 512;

/**
 * Whether the database refused a statement for its data (SQLSTATE class 22, data exception, or 23,
 * integrity constraint violation), which writing it again will not change.
 */
export function isDataError(err: unknown): boolean {
  return /^2[23][0-9A-Z]{3}$/.test(pgErrorCode(err) ?? '');
}

/** An address with its host part zeroed: IPv4 to /24, IPv6 to /48. Anything else: null. */
export function truncateIp(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const v4 = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.replace(/\.\d+$/, '.0');
  if (isIP(ip) !== 6) return null;
  // Expand '::' so the first three groups are known.
  const [head = '', tail] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array(8 - headGroups.length - tailGroups.length).fill('0'),
          ...tailGroups,
        ];
  return `${groups
    .slice(0, 3)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::`;
}

/** The visitor's part of an event: signed-in user, truncated address, user agent (cut). */
export function fromRequest(
  req: FastifyRequest,
): Pick<RecordedEvent, 'userId' | 'ip' | 'userAgent'> {
  const ua = req.headers['user-agent'];
  return {
    userId: req.user?.id ?? null,
    ip: truncateIp(req.ip),
    userAgent: typeof ua === 'string' && ua ? ua.slice(0, USER_AGENT_MAX) : null,
  };
}

/**
 * Records a server-side event after the change it describes has been saved: a failure to record
 * is logged (warning) and never fails the request.
 */
export async function recordAfterChange(
  recorder: Pick<AnalyticsRecorder, 'record'>,
  req: FastifyRequest,
  event: Omit<RecordedEvent, 'userId' | 'ip' | 'userAgent'>,
): Promise<void> {
  try {
    await recorder.record({ ...event, ...fromRequest(req) });
  } catch (err) {
    req.log.warn({ err }, 'analytics: event not recorded');
  }
}

/**
 * Analytics events buffered in memory and written in batches (one multi-row insert per
 * `EVENTS_BATCH`, every second or as soon as a batch is full), so a burst of page views costs a
 * few statements, not one each. Nothing is kept while `enabled()` says analytics are off. A failed
 * write keeps its rows for the next flush, up to `EVENTS_MAX_PENDING`; past it new events are
 * dropped (counted in one warning per flush). A batch refused for its data is written row by row
 * and only the refused rows are dropped. `close()` writes what is left.
 */
export function analyticsRecorder(deps: {
  write: (rows: EventRow[]) => Promise<void>;
  enabled: () => Promise<boolean>;
  now: () => Date;
  timers?: Scheduler;
  log: FastifyBaseLogger;
  intervalMs?: number;
  maxPending?: number;
}) {
  const intervalMs = deps.intervalMs ?? EVENTS_FLUSH_MS;
  const maxPending = deps.maxPending ?? EVENTS_MAX_PENDING;
  let pending: EventRow[] = [];
  let dropped = 0;
  const timers = deps.timers ?? realTimers;
  let timer: Timer | undefined;
  let closed = false;
  let flushing: Promise<void> = Promise.resolve();

  function arm(delay: number) {
    if (closed) return;
    timer ??= timers.setTimeout(
      () => {
        timer = undefined;
        void flush();
      },
      delay,
      { unref: true },
    );
  }

  /**
   * A batch the database refused for its data (SQLSTATE class 22 or 23): written row by row, so
   * one bad row is dropped (with a warning) instead of failing its batch on every flush. Any other
   * failure (connection, timeout) throws, and the rows not yet written are kept.
   */
  async function writeRowByRow(batch: EventRow[]) {
    let refused = 0;
    for (let i = 0; i < batch.length; i++) {
      try {
        await deps.write([batch[i]!]);
      } catch (err) {
        if (!isDataError(err)) {
          pending = [...batch.slice(i), ...pending].slice(0, maxPending);
          throw err;
        }
        refused++;
      }
    }
    if (refused > 0)
      deps.log.warn({ refused }, 'analytics: events refused by the database dropped');
  }

  async function writeAll() {
    if (dropped > 0) {
      deps.log.warn({ dropped }, 'analytics: events dropped while the buffer was full');
      dropped = 0;
    }
    while (pending.length > 0) {
      const batch = pending.slice(0, EVENTS_BATCH);
      pending = pending.slice(batch.length);
      try {
        try {
          await deps.write(batch);
        } catch (err) {
          if (!isDataError(err)) {
            pending = [...batch, ...pending].slice(0, maxPending);
            throw err;
          }
          await writeRowByRow(batch);
        }
      } catch (err) {
        deps.log.warn({ err }, 'analytics: writing events failed; kept for the next flush');
        arm(intervalMs);
        return;
      }
    }
  }

  /** Writes everything buffered (tests and shutdown call it; flushes never overlap). */
  function flush(): Promise<void> {
    timers.clearTimeout(timer);
    timer = undefined;
    flushing = flushing.then(writeAll);
    return flushing;
  }

  return {
    /** Buffers one event; false when analytics are off (nothing kept) or the buffer is full. */
    async record(e: RecordedEvent): Promise<boolean> {
      if (closed || !(await deps.enabled())) return false;
      if (pending.length >= maxPending) {
        dropped++;
        return false;
      }
      pending.push({
        eventType: e.type,
        eventData: e.data ?? {},
        userId: e.userId ?? null,
        sessionId: e.sessionId ?? null,
        pageUrl: e.pageUrl ?? null,
        referrer: e.referrer ?? null,
        userAgent: e.userAgent ?? null,
        ipAddress: e.ip ?? null,
        createdAt: deps.now(),
      });
      if (pending.length >= EVENTS_BATCH) void flush();
      else arm(intervalMs);
      return true;
    },
    flush,
    pending: () => pending.length,
    /** Refuses new events from now on, then writes what is buffered. */
    async close() {
      closed = true;
      await flush();
    },
  };
}
export type AnalyticsRecorder = ReturnType<typeof analyticsRecorder>;
