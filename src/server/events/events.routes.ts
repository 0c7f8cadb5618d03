import { z } from 'zod';
import type { App } from '../app.ts';
import { toEvent } from '../modules/messages/messages.dto.ts';
import type { MessagesRepository } from '../modules/messages/messages.repository.ts';
import type { PollerRepository } from '../poller/poller.repository.ts';
import { requireUser, SESSION_COOKIE } from '../plugins/session.ts';
import type { EventStreams } from './sse.ts';
import { REPLAY_LIMIT } from './sse.ts';
import { errorResponses } from '../error-responses.ts';

/**
 * Event streams one user may hold open in a process; one more ends the oldest. Real users stay
 * far below it (a browser opens at most 6 connections to a host over HTTP/1.1).
 */
export const MAX_STREAMS_PER_USER = 20;

/** `GET /v1/events`: the signed-in user's new messages as Server-Sent Events. */
export function eventsRoutes(
  app: App,
  deps: {
    messages: Pick<MessagesRepository, 'since'>;
    poller: Pick<PollerRepository, 'watch'>;
    streams: EventStreams;
    now: () => Date;
    watchedIntervalMs: number;
    /** Whether the stream's session still exists: a signed-out session's stream is ended. */
    sessionAlive: (token: string) => Promise<boolean>;
  },
) {
  const { streams, now } = deps;

  app.get(
    '/v1/events',
    {
      config: { scope: 'messages:read' },
      schema: {
        response: errorResponses('UNAUTHORIZED'),
        tags: ['events'],
        description:
          'Server-Sent Events: `message` events (data: a message) for the signed-in user, ids usable as Last-Event-ID, heartbeats as comments.',
        headers: z.object({ 'last-event-id': z.string().max(40).optional() }),
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const token = req.cookies[SESSION_COOKIE] ?? '';
      const watch = (pull: boolean) => {
        const t = now();
        deps.poller
          .watch(
            user.id,
            new Date(t.getTime() + streams.heartbeatMs * 2 + 5_000),
            pull ? new Date(t.getTime() + deps.watchedIntervalMs) : undefined,
          )
          .catch((err: unknown) => app.log.warn({ err }, 'marking the user as watching failed'));
      };
      // watched_until is never cleared on close: a stream of this user in another process keeps
      // renewing it, and this process cannot see that stream; it runs out by itself.
      watch(true);
      await streams.open(reply, {
        userId: user.id,
        maxPerUser: MAX_STREAMS_PER_USER,
        data: (e) => JSON.stringify(e.message),
        lastEventId: req.headers['last-event-id'],
        replay: async (since) =>
          (await deps.messages.since(user.id, since, REPLAY_LIMIT)).map(toEvent),
        // Signed out elsewhere ('Sign out other sessions', account deleted): stop sending. The
        // client's reconnect is then refused with 401.
        heartbeat: async () => {
          watch(false);
          return deps.sessionAlive(token);
        },
      });
    },
  );
}
