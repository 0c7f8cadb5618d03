import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  dateCheckBody,
  publicDateCheckBody,
  refreshAllResult,
  refreshResult,
  testResult,
} from '../../../shared/checks.ts';
import { messageListQuerySchema, messageListResponseSchema } from '../../../shared/messages.ts';
import { idParams } from '../../../shared/numbers.ts';
import type { App } from '../../app.ts';
import type { EventBus, MessageEvent } from '../../events/bus.ts';
import { requireUser } from '../../plugins/session.ts';
import type { MessagesRepository } from './messages.repository.ts';
import type { MessagesService, Run } from './messages.service.ts';
import { toEvent } from './poller.ts';

/** Unsent bytes a slow event-stream client may hold before it is dropped (it reconnects and replays). */
export const SSE_MAX_BUFFER = 256 * 1024;
const REPLAY_LIMIT = 500;

/** Takes over the raw response for a streamed body (NDJSON or SSE). */
function openStream(reply: FastifyReply, contentType: string) {
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': contentType,
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  return raw;
}

export function messagesRoutes(
  app: App,
  deps: {
    service: MessagesService;
    repo: MessagesRepository;
    bus: EventBus;
    now: () => Date;
    watchedIntervalMs: number;
    heartbeatMs?: number;
  },
) {
  const { service, repo, bus, now } = deps;
  const heartbeatMs = deps.heartbeatMs ?? 15_000;

  app.get(
    '/v1/messages',
    {
      schema: {
        tags: ['messages'],
        querystring: messageListQuerySchema,
        response: { 200: messageListResponseSchema },
      },
    },
    async (req) => service.list(requireUser(req).id, req.query),
  );

  app.get(
    '/v1/messages/export',
    {
      schema: {
        tags: ['messages'],
        querystring: messageListQuerySchema.omit({ cursor: true, limit: true }),
      },
    },
    async (req, reply) => {
      const csv = await service.exportCsv(requireUser(req).id, req.query);
      const day = now().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="message-history-${day}.csv"`)
        .header('cache-control', 'no-store');
      return csv;
    },
  );

  app.post(
    '/v1/messages/refresh',
    { schema: { tags: ['messages'], response: { 200: refreshAllResult } } },
    async (req) => service.refreshAll(requireUser(req).id),
  );

  app.post(
    '/v1/numbers/:id/refresh',
    { schema: { tags: ['messages'], params: idParams, response: { 200: refreshResult } } },
    async (req) => service.refresh(requireUser(req).id, req.params.id),
  );

  app.post(
    '/v1/numbers/:id/test',
    { schema: { tags: ['messages'], params: idParams, response: { 200: testResult } } },
    async (req) => service.test(requireUser(req).id, req.params.id),
  );

  app.post(
    '/v1/date-checks',
    {
      schema: {
        tags: ['date check'],
        description: 'Streams one JSON result per line (application/x-ndjson) as checks complete.',
        body: dateCheckBody,
      },
    },
    async (req, reply) => {
      // Validation (and 404 for foreign ids) happens before the stream starts: a normal 4xx.
      const run = await service.dateCheck(requireUser(req).id, req.body);
      await streamResults(reply, run);
    },
  );

  app.post(
    '/v1/public/date-check',
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['date check'],
        description: 'Public date checker; links are never stored or logged. NDJSON results.',
        body: publicDateCheckBody,
      },
    },
    async (req, reply) => {
      await streamResults(reply, service.publicDateCheck(req.body.lines));
    },
  );

  /** Streams a check's results, one JSON object per line, each written as it completes. */
  async function streamResults(reply: FastifyReply, run: Run) {
    const raw = openStream(reply, 'application/x-ndjson; charset=utf-8');
    try {
      await run((r) => raw.write(JSON.stringify(r) + '\n'));
    } catch (err) {
      app.log.error({ err }, 'date check failed');
      raw.write(JSON.stringify({ error: 'Unknown error' }) + '\n');
    } finally {
      raw.end();
    }
  }

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
      const lastId = Number(req.headers['last-event-id']);
      const raw = openStream(reply, 'text/event-stream; charset=utf-8');
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
      const unsubscribe = bus.subscribe(user.id, (e) => {
        if (replaying) pending.push(e);
        else send(e);
      });
      const watch = (pull: boolean) => {
        const t = now();
        repo
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
          for (const m of await repo.since(user.id, new Date(lastId), REPLAY_LIMIT)) {
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
