import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Message } from '../../shared/messages.ts';
import type { Db } from '../db/client.ts';

/** A new message for one user; `id` is the SSE event id (the message's storage time in ms). */
export type MessageEvent = { userId: string; id: string; message: Message };
type Listener = (e: MessageEvent) => void;

export type EventBus = {
  kind: 'memory' | 'postgres';
  publish(events: MessageEvent[]): Promise<void>;
  /** Calls `fn` for every event of `userId` published by any process; returns the unsubscribe. */
  subscribe(userId: string, fn: Listener): () => void;
  /** Live subscriber count for a user in this process. */
  watchers(userId: string): number;
  close(): Promise<void>;
};

function fanOut() {
  const byUser = new Map<string, Set<Listener>>();
  return {
    deliver(e: MessageEvent) {
      for (const fn of byUser.get(e.userId) ?? []) fn(e);
    },
    subscribe(userId: string, fn: Listener) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(fn);
      return () => {
        set.delete(fn);
        if (set.size === 0) byUser.delete(userId);
      };
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

/**
 * Several processes on one PostgreSQL: publish is NOTIFY, and every process that serves event
 * streams LISTENs on a dedicated connection (reconnecting after a drop) and delivers to its own
 * subscribers. A worker-only process (`listen: false`) only publishes.
 */
export async function createPostgresBus(
  url: string,
  opts: {
    db: Db;
    load: (messageId: string) => Promise<MessageEvent | undefined>;
    onError?: (err: Error) => void;
    listen?: boolean;
  },
): Promise<EventBus> {
  const f = fanOut();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

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
    const c = new pg.Client({ connectionString: url });
    c.on('notification', onNotification);
    c.on('error', (err) => {
      opts.onError?.(err);
      c.end().catch(() => {});
      if (client === c) client = undefined;
      if (!closed) retry = setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await c.connect();
    await c.query(`listen ${CHANNEL}`);
    client = c;
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
      // One statement for the lot, sent in order.
      await opts.db.execute(sql`select pg_notify(${CHANNEL}, p.payload)
        from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb)
          with ordinality as p(payload, n)
        order by p.n`);
    },
    subscribe: f.subscribe,
    watchers: f.watchers,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
