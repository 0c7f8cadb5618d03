import pg from 'pg';
import type { Message } from '../../shared/messages.ts';
import type { Db } from '../db/client.ts';
import { notifyAll } from './events.repository.ts';

/** A new message for one user; `id` is the SSE event id (the message's storage time in ms). */
export type MessageEvent = { userId: string; id: string; message: Message };
type Listener = (e: MessageEvent) => void;

/** Whether events from other processes arrive, and since when (up or down); the last failure. */
export type BusStatus = { listening: boolean; since?: Date; lastError?: string };

export type EventBus = {
  kind: 'memory' | 'postgres';
  publish(events: MessageEvent[]): Promise<void>;
  /**
   * Calls `fn` for every event of `userId` published by any process; returns the unsubscribe.
   * `onGap` is called when events may have been missed (the bus lost its connection and is back):
   * the subscriber should catch up from storage (an SSE stream ends, and its client reconnects
   * with Last-Event-ID and is replayed what it missed).
   */
  subscribe(userId: string, fn: Listener, onGap?: () => void): () => void;
  /** Live subscriber count for a user in this process. */
  watchers(userId: string): number;
  /** A bus with nothing to listen for (in-process, publish-only) is always listening. */
  status(): BusStatus;
  close(): Promise<void>;
};

function fanOut() {
  const byUser = new Map<string, Set<Listener>>();
  const gaps = new Set<() => void>();
  return {
    deliver(e: MessageEvent) {
      for (const fn of byUser.get(e.userId) ?? []) fn(e);
    },
    subscribe(userId: string, fn: Listener, onGap?: () => void) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(fn);
      if (onGap) gaps.add(onGap);
      return () => {
        set.delete(fn);
        if (set.size === 0) byUser.delete(userId);
        if (onGap) gaps.delete(onGap);
      };
    },
    /** Tells every subscriber that events may have been missed. */
    gap() {
      for (const fn of [...gaps]) fn();
    },
    watchers: (userId: string) => byUser.get(userId)?.size ?? 0,
  };
}

/** One process (PGlite, tests): events go straight to this process's subscribers. */
export function createMemoryBus(): EventBus {
  const f = fanOut();
  return {
    kind: 'memory',
    async publish(events) {
      for (const e of events) f.deliver(e);
    },
    subscribe: f.subscribe,
    watchers: f.watchers,
    status: () => ({ listening: true }),
    async close() {},
  };
}

const CHANNEL = 'vm_events';
/** NOTIFY payloads must stay under 8000 bytes; larger events travel as an id and are loaded. */
const MAX_PAYLOAD = 7500;

const USER_PREFIX = '{"userId":"';
/** The user a payload is for, read off its start (both payload shapes begin with the user id). */
const userOf = (payload: string) =>
  payload.startsWith(USER_PREFIX) && payload[USER_PREFIX.length + 36] === '"'
    ? payload.slice(USER_PREFIX.length, USER_PREFIX.length + 36)
    : undefined;

/** Reconnect delays: 0.5 s doubling to 15 s, each between half and all of that (jitter). */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15_000;
/**
 * A connection can freeze without closing (a dead network path, a dropped NAT entry): no error,
 * no end, and no notification ever again, while TCP keepalive takes minutes to notice. A round
 * trip every 5 s that must answer within 5 s finds such a stall within 10 s.
 */
const PROBE_EVERY_MS = 5_000;
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Several processes on one PostgreSQL: publish is NOTIFY, and every process that serves event
 * streams LISTENs on a dedicated connection and delivers to its own subscribers; a lost (or
 * never made) connection is retried for as long as the bus is open, `onError` hearing of each
 * failure. A worker-only process (`listen: false`) only publishes.
 */
export async function createPostgresBus(
  url: string,
  opts: {
    db: Db;
    load: (messageId: string) => Promise<MessageEvent | undefined>;
    onError?: (err: Error) => void;
    listen?: boolean;
    /** Gives up on a connection attempt after this long (default 3 s; tests shorten it). */
    connectTimeoutMs?: number;
    /**
     * The stall check of the LISTEN connection: a `select 1` every `everyMs` that must answer
     * within `timeoutMs` (also the deadline of the LISTEN itself), else the connection is dropped
     * and a new one made (defaults 5 s and 5 s; tests shorten them).
     */
    probe?: { everyMs: number; timeoutMs: number };
  },
): Promise<EventBus> {
  const f = fanOut();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** The next stall check of the live connection. */
  let probeTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let connectedBefore = false;
  let state: BusStatus = { listening: false, since: new Date() };
  const probe = opts.probe ?? { everyMs: PROBE_EVERY_MS, timeoutMs: PROBE_TIMEOUT_MS };

  const onNotification = (n: pg.Notification) => {
    if (n.channel !== CHANNEL || !n.payload) return;
    // Most events are for users with no stream open here: skip them without parsing.
    const user = userOf(n.payload);
    if (user !== undefined && f.watchers(user) === 0) return;
    let parsed: MessageEvent | { userId: string; messageId: string };
    try {
      parsed = JSON.parse(n.payload) as typeof parsed;
    } catch {
      return;
    }
    if ('message' in parsed) f.deliver(parsed);
    else if (f.watchers(parsed.userId) > 0) {
      opts.load(parsed.messageId).then(
        (e) => e && f.deliver(e),
        (err: Error) => opts.onError?.(err),
      );
    }
  };

  async function connect() {
    const c = new pg.Client({
      connectionString: url,
      // Keepalive packets keep idle paths (NAT, firewalls) open; a stall is found by the probe.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: 'vm_events', // to find it in pg_stat_activity
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000,
    });
    let lost = false;
    /** `q` on this connection, or the connection dropped when it has not answered in time. */
    const roundTrip = async (q: string) => {
      let deadline: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          c.query(q),
          new Promise<never>((_, reject) => {
            deadline = setTimeout(
              () =>
                reject(new Error(`LISTEN connection stalled: no answer in ${probe.timeoutMs} ms`)),
              probe.timeoutMs,
            );
          }),
        ]);
      } finally {
        clearTimeout(deadline);
      }
    };
    const scheduleProbe = () => {
      if (closed || lost) return;
      probeTimer = setTimeout(() => {
        roundTrip('select 1').then(scheduleProbe, (err: Error) => onLost(err));
      }, probe.everyMs);
    };
    // Called once per connection, whichever comes first: a failed connect, an error, the end, a
    // stall. Ending a connection with a query in flight destroys its socket (no goodbye awaited).
    const onLost = (err: Error) => {
      if (lost) return;
      lost = true;
      clearTimeout(probeTimer);
      c.end().catch(() => {});
      if (client === c) client = undefined;
      if (closed) return;
      state = state.listening
        ? { listening: false, since: new Date(), lastError: err.message }
        : { ...state, lastError: err.message };
      opts.onError?.(err);
      const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** failures++);
      retry = setTimeout(() => void connect(), delay / 2 + (Math.random() * delay) / 2);
    };
    c.on('notification', onNotification);
    c.on('error', onLost);
    c.on('end', () => onLost(new Error('LISTEN connection ended')));
    try {
      await c.connect();
      await roundTrip(`listen ${CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (closed || lost) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    failures = 0;
    scheduleProbe();
    // Back after a loss: events sent meanwhile never reached this process.
    if (connectedBefore) f.gap();
    connectedBefore = true;
    state = {
      listening: true,
      since: new Date(),
      ...(state.lastError ? { lastError: state.lastError } : {}),
    };
  }
  if (opts.listen !== false) await connect();

  return {
    kind: 'postgres',
    async publish(events) {
      if (events.length === 0) return;
      const payloads = events.map((e) => {
        const payload = JSON.stringify(e);
        return Buffer.byteLength(payload) > MAX_PAYLOAD
          ? JSON.stringify({ userId: e.userId, messageId: e.message.id })
          : payload;
      });
      await notifyAll(opts.db, CHANNEL, payloads);
    },
    subscribe: f.subscribe,
    watchers: f.watchers,
    status: () => (opts.listen === false ? { listening: true } : { ...state }),
    async close() {
      closed = true;
      clearTimeout(retry);
      clearTimeout(probeTimer);
      await client?.end().catch(() => {});
    },
  };
}
