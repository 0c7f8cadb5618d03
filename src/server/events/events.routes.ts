import { z } from 'zod';
import type { App } from '../app.ts';
import { toEvent } from '../modules/messages/messages.dto.ts';
import type { MessagesRepository } from '../modules/messages/messages.repository.ts';
import type { PollerRepository } from '../poller/poller.repository.ts';
import { requireUser, SESSION_COOKIE } from '../plugins/session.ts';
import { openStream } from '../plugins/stream.ts';
import type { EventBus, MessageEvent } from './bus.ts';

/** Unsent bytes a slow event-stream client may hold before it is dropped (it reconnects and replays). */
export const SSE_MAX_BUFFER = 256 * 1024;
const REPLAY_LIMIT = 500;

/** `GET /v1/events`: the signed-in user's new messages as Server-Sent Events. */
export function eventsRoutes(
  app: App,
  deps: {
    messages: Pick<MessagesRepository, 'since'>;
    poller: Pick<PollerRepository, 'watch'>;
    bus: EventBus;
    now: () => Date;
    watchedIntervalMs: number;
    heartbeatMs?: number;
    /** Whether the stream's session still exists: a signed-out session's stream is ended. */
    sessionAlive: (token: string) => Promise<boolean>;
  },
) {
  const { bus, now } = deps;
  const heartbeatMs = deps.heartbeatMs ?? 15_000;

  const streams = new Set<{ destroy: () => void }>();
  app.addHook('preClose', async () => {
    for (const s of streams) s.destroy();
  });

  app.get(
    '/v1/events',
    {
      schema: {
        tags: ['events'],
        description:
          'Server-Sent Events: `message` events (data: a message) for the signed-in user, ids usable as Last-Event-ID, heartbeats as comments.',
        headers: z.object({ 'last-event-id': z.string().max(40).optional() }),
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const token = req.cookies[SESSION_COOKIE] ?? '';
      const lastId = Number(req.headers['last-event-id']);
      const { raw } = openStream(reply, 'text/event-stream; charset=utf-8');
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
        raw.write(`id: ${e.id}\nevent: message\ndata: ${JSON.stringify(e.message)}\n\n`);
      };
      const unsubscribe = bus.subscribe(
        user.id,
        (e) => {
          if (replaying) pending.push(e);
          else send(e);
        },
        // Events may have been missed: end the stream; the client reconnects with Last-Event-ID
        // and is replayed what it missed.
        () => raw.end(),
      );
      const watch = (pull: boolean) => {
        const t = now();
        deps.poller
          .watch(
            user.id,
            new Date(t.getTime() + heartbeatMs * 2 + 5_000),
            pull ? new Date(t.getTime() + deps.watchedIntervalMs) : undefined,
          )
          .catch((err: unknown) => app.log.warn({ err }, 'marking the user as watching failed'));
      };
      const heartbeat = setInterval(() => {
        raw.write(': ping\n\n');
        watch(false);
        // Signed out elsewhere ('Sign out other sessions', account deleted): stop sending. The
        // client's reconnect is then refused with 401.
        deps.sessionAlive(token).then(
          (alive) => {
            if (alive || raw.writableEnded) return;
            clearInterval(heartbeat);
            raw.end();
          },
          (err: unknown) => app.log.warn({ err }, 'checking the session failed'),
        );
      }, heartbeatMs);
      const stream = {
        destroy: () => {
          if (!raw.destroyed) raw.end();
        },
      };
      streams.add(stream);
      raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(stream);
        // watched_until is left to run out: a stream of this user in another process keeps
        // renewing it, and this process cannot see that stream.
      });

      raw.write(`retry: 3000\n: connected\n\n`);
      watch(true);
      if (Number.isFinite(lastId) && lastId > 0) {
        try {
          for (const m of await deps.messages.since(user.id, new Date(lastId), REPLAY_LIMIT)) {
            const e = toEvent(m);
            sentIds.add(e.message.id);
            send(e);
          }
        } catch (err) {
          app.log.warn({ err }, 'event replay failed');
        }
      }
      replaying = false;
      for (const e of pending.splice(0)) if (!sentIds.has(e.message.id)) send(e);
    },
  );
}
