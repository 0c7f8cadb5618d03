import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { realTimers, type Scheduler, type Timer } from '../clock.ts';
import { openStream } from '../plugins/stream.ts';
import type { EventBus, MessageEvent } from './bus.ts';

/** Unsent bytes a slow event-stream client may hold before it is dropped (it reconnects and replays). */
export const SSE_MAX_BUFFER = 256 * 1024;
/** Events replayed at most after a reconnect with Last-Event-ID. */
export const REPLAY_LIMIT = 500;
export const DEFAULT_HEARTBEAT_MS = 15_000;

export type EventStreamOptions = {
  /** The bus subscription: events are published per user (the owner of the numbers). */
  userId: string;
  /** Which of the user's events this stream sends (all when absent). */
  accept?: (e: MessageEvent) => boolean;
  /** The `data:` line of an event (JSON). */
  data: (e: MessageEvent) => string;
  /** The request's Last-Event-ID header: events stored since then are replayed first. */
  lastEventId: string | undefined;
  /** Events stored at or after `since`, oldest first, at most REPLAY_LIMIT. */
  replay: (since: Date) => Promise<MessageEvent[]>;
  /**
   * Runs at each heartbeat, after the ping; resolving false ends the stream (signed out, page
   * gone). A failure is logged and the stream goes on.
   */
  heartbeat: () => Promise<boolean>;
  /** Headers beyond the stream's own (content type, no-store, no buffering). */
  headers?: Record<string, string>;
  /** Ends the stream when aborted (the page it follows changed). */
  end?: AbortSignal;
  /**
   * At most this many streams of `userId` opened with this option stay open in this process:
   * one more ends the oldest, which reconnects by itself and is replayed what it missed. A new
   * tab always works, and a stream whose client vanished without closing goes first.
   */
  maxPerUser?: number;
};

/**
 * Server-Sent Events of new messages, shared by `/v1/events` and the public pages' streams:
 * `message` events with ids = storage time in ms (usable as Last-Event-ID), replay of what a
 * reconnecting client missed, a comment heartbeat, a slow client dropped past SSE_MAX_BUFFER
 * unsent bytes (it reconnects and replays), and a stream ended when the bus reports a gap (the
 * client reconnects and is replayed). Streams end when the app closes.
 */
export function eventStreams(
  app: FastifyInstance,
  deps: { bus: EventBus; heartbeatMs?: number; timers?: Scheduler; log: FastifyBaseLogger },
) {
  const heartbeatMs = deps.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const timers = deps.timers ?? realTimers;
  const streams = new Set<{ destroy: () => void }>();
  /** The responses of the streams opened with `maxPerUser`, by user, oldest first. */
  const byUser = new Map<string, Set<ServerResponse>>();
  app.addHook('preClose', async () => {
    for (const s of streams) s.destroy();
  });

  return {
    heartbeatMs,
    /** Takes over the reply and streams until the client goes, the heartbeat says stop, or close. */
    async open(reply: FastifyReply, o: EventStreamOptions) {
      const lastId = Number(o.lastEventId);
      const { raw, signal: gone } = openStream(
        reply,
        'text/event-stream; charset=utf-8',
        o.headers,
      );
      // The client left while the request was checked: its 'close' has come and gone.
      if (gone.aborted) return;
      raw.socket?.setNoDelay(true);
      const sentIds = new Set<string>();
      const pending: MessageEvent[] = [];
      let replaying = true;

      const send = (e: MessageEvent) => {
        if (raw.destroyed) return;
        if (raw.writableLength > SSE_MAX_BUFFER) {
          raw.destroy(); // a stuck client; it reconnects with Last-Event-ID and catches up
          return;
        }
        raw.write(`id: ${e.id}\nevent: message\ndata: ${o.data(e)}\n\n`);
      };
      const unsubscribe = deps.bus.subscribe(
        o.userId,
        (e) => {
          if (o.accept && !o.accept(e)) return;
          if (replaying) pending.push(e);
          else send(e);
        },
        // Events may have been missed: end the stream; the client reconnects with Last-Event-ID
        // and is replayed what it missed.
        () => raw.end(),
      );
      let heartbeat: Timer | undefined;
      const beat = () => {
        heartbeat = timers.setTimeout(beat, heartbeatMs);
        raw.write(': ping\n\n');
        o.heartbeat().then(
          (goOn) => {
            if (goOn || raw.writableEnded) return;
            timers.clearTimeout(heartbeat);
            raw.end();
          },
          (err: unknown) => deps.log.warn({ err }, 'event stream heartbeat failed'),
        );
      };
      heartbeat = timers.setTimeout(beat, heartbeatMs);
      const stream = {
        destroy: () => {
          if (!raw.destroyed) raw.end();
        },
      };
      streams.add(stream);
      const mine = o.maxPerUser ? (byUser.get(o.userId) ?? new Set<ServerResponse>()) : undefined;
      if (mine && o.maxPerUser) {
        byUser.set(o.userId, mine);
        // Destroyed, not ended: its connection is freed at once instead of idling as keep-alive.
        for (const oldest of mine) {
          if (mine.size < o.maxPerUser) break;
          mine.delete(oldest);
          oldest.destroy();
        }
        mine.add(raw);
      }
      o.end?.addEventListener('abort', stream.destroy, { once: true });
      raw.on('close', () => {
        o.end?.removeEventListener('abort', stream.destroy);
        timers.clearTimeout(heartbeat);
        unsubscribe();
        streams.delete(stream);
        mine?.delete(raw);
        if (mine?.size === 0 && byUser.get(o.userId) === mine) byUser.delete(o.userId);
      });

      raw.write(`retry: 3000\n: connected\n\n`);
      if (Number.isFinite(lastId) && lastId > 0) {
        try {
          for (const e of await o.replay(new Date(lastId))) {
            sentIds.add(e.message.id);
            send(e);
          }
        } catch (err) {
          deps.log.warn({ err }, 'event replay failed');
        }
      }
      replaying = false;
      for (const e of pending.splice(0)) if (!sentIds.has(e.message.id)) send(e);
    },
  };
}
export type EventStreams = ReturnType<typeof eventStreams>;
