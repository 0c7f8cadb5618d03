import { BlockList } from 'node:net';
import { z } from 'zod';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { msg, notFound } from '../../errors.ts';
import type { EventBus } from '../../events/bus.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { errorResponses } from '../../error-responses.ts';

/** Live events down this long make the process unwell (503); shorter blips are reconnects. */
const EVENTS_DOWN_MS = 10_000;
/** How long `/healthz` waits for the database. */
const DB_PING_MS = 2000;

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
/** Whether a socket peer is this machine (IPv4-mapped IPv6 addresses included). */
export const isLoopback = (address: string | undefined) =>
  !!address && loopback.check(address, address.includes(':') ? 'ipv6' : 'ipv4');

/**
 * `GET /healthz` (database and live events) and, outside production with the console mailer,
 * `GET /v1/dev/outbox` (the mail sent lately: sign-in codes and links). The outbox answers
 * requests from this machine only: the socket's peer must be loopback (`X-Forwarded-For` cannot
 * make a remote peer local), and so must the client a trusted local proxy names (a proxy on this
 * machine may forward another machine's request). Anything else gets the 404 of a route that
 * does not exist.
 */
export function systemRoutes(
  app: App,
  deps: {
    database: Database;
    bus: EventBus;
    mailer: Mailer;
    production: boolean;
    now: () => Date;
  },
) {
  const { database, bus, now } = deps;

  app.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        response: {
          200: z.object({
            status: z.literal('ok'),
            db: z.literal('ok'),
            events: z.enum(['ok', 'reconnecting']),
          }),
          503: z.object({
            status: z.literal('error'),
            db: z.enum(['ok', 'unreachable']),
            events: z.enum(['ok', 'reconnecting']),
          }),
        },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const db = await withTimeout(database.ping(), DB_PING_MS).then(
        () => 'ok' as const,
        () => 'unreachable' as const,
      );
      const status = bus.status();
      const events = status.listening ? ('ok' as const) : ('reconnecting' as const);
      const eventsDown =
        !status.listening && now().getTime() - (status.since?.getTime() ?? 0) > EVENTS_DOWN_MS;
      if (db === 'ok' && !eventsDown) return { status: 'ok' as const, db, events };
      return reply.status(503).send({ status: 'error' as const, db, events });
    },
  );

  const outbox = deps.mailer.outbox?.bind(deps.mailer);
  if (deps.production || !outbox) return;
  app.get(
    '/v1/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        querystring: z.object({ to: z.string().optional() }),
        response: {
          200: z.object({
            messages: z.array(
              z.object({
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                sentAt: z.string(),
              }),
            ),
          }),
          ...errorResponses('NOT_FOUND'),
        },
      },
    },
    async (req, reply) => {
      if (!isLoopback(req.socket.remoteAddress) || !isLoopback(req.ip)) {
        throw notFound(
          msg('server.errors.noRoute', { method: req.method, path: req.url.split('?')[0] }),
        );
      }
      reply.header('cache-control', 'no-store');
      return { messages: outbox(req.query.to) };
    },
  );
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
