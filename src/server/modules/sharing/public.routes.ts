import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  expectPageBody,
  publicEndpointSchema,
  publicLatestQuery,
  publicLatestSchema,
  publicPageSchema,
  type PublicMessageEvent,
} from '../../../shared/sharing.ts';
import type { App } from '../../app.ts';
import { sharingErrors } from './sharing.errors.ts';
import type { MessageEvent } from '../../events/bus.ts';
import { REPLAY_LIMIT, type EventStreams } from '../../events/sse.ts';
import { toEvent } from '../messages/messages.dto.ts';
import type { SharingChanges } from './changes.ts';
import type { PublicSharingService, StreamTarget } from './public.service.ts';
import type { ViewKind } from './views.ts';
import { openCounter } from '../../plugins/open-counter.ts';
import { wantsText } from '../../plugins/content.ts';
import { errorResponses } from '../../error-responses.ts';

/**
 * Requests per minute to the public sharing routes per client address (in memory, per process;
 * ADR 0005). A viewer loads a page once and then listens; a script waiting for codes asks once a
 * second at most. There is no limit per hash: anyone who knows a hash could spend it and lock out
 * its viewers. Its reads come from memory instead (`read-cache.ts`: one load a second however
 * many ask), and arming its numbers happens at most once per 10 s (`ARM_EVERY_MS`).
 */
export type PublicRateLimits = {
  perIpPerMinute: number;
  /** Live streams and waiting scripts (`?wait=`) one address may hold open at once. */
  streamsPerIp: number;
  waitsPerIp: number;
};
export const PUBLIC_RATE_LIMITS: PublicRateLimits = {
  perIpPerMinute: 600,
  streamsPerIp: 20,
  waitsPerIp: 10,
};

/** Live data (no proxy may keep it, nor a 404), never indexed, no referrer to other sites. */
export const PUBLIC_HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
};

const hashParams = z.object({ hash: z.string() });
const streamHeaders = z.object({ 'last-event-id': z.string().max(40).optional() });

/** A stored message as the public streams send it: no phone number, no owner; its number's id. */
function publicEventData(e: MessageEvent) {
  const m = e.message;
  const data: PublicMessageEvent = {
    id: m.id,
    sender: m.sender,
    content: m.content,
    code: m.code,
    receivedAt: m.receivedAt,
    numberId: m.voipNumberId,
  };
  return JSON.stringify(data);
}

/**
 * The public API of shared pages (`/v1/public/pages/:hash…`) and single endpoints
 * (`/v1/public/single/:hash…`): anonymous, rate-limited per address, answers never
 * cached and never indexed.
 */
export function publicSharingRoutes(
  app: App,
  deps: {
    service: PublicSharingService;
    streams: EventStreams;
    limits?: Partial<PublicRateLimits>;
    /** Owner changes of a link in this process: its open streams end at once. */
    changes?: Pick<SharingChanges, 'on'>;
  },
) {
  const { service, streams } = deps;
  const limits = { ...PUBLIC_RATE_LIMITS, ...deps.limits };
  const openStreams = openCounter(limits.streamsPerIp, () => sharingErrors.tooManyStreams());
  const openWaits = openCounter(limits.waitsPerIp, () => sharingErrors.tooManyWaits());
  const perIp = app.createRateLimit({
    max: limits.perIpPerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => `public-ip:${req.ip}`,
  });
  /** Headers first (errors carry them too), then the address's limit: over it is a 429. */
  const guard = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.headers(PUBLIC_HEADERS);
    const r = await perIp(req);
    if (!r.isAllowed && r.isExceeded) throw sharingErrors.rateLimited(r.ttlInSeconds);
  };
  const doc = { tags: ['public'] };
  const opts = { onRequest: guard, config: { scope: 'public' as const } };

  app.get(
    '/v1/public/pages/:hash',
    {
      ...opts,
      schema: {
        ...doc,
        description: 'A public page: its numbers (the first 100) with their newest messages.',
        params: hashParams,
        response: { 200: publicPageSchema, ...errorResponses('RATE_LIMITED', 'PAGE_NOT_FOUND') },
      },
    },
    async (req) => service.page(req.params.hash),
  );

  app.get(
    '/v1/public/single/:hash',
    {
      ...opts,
      schema: {
        ...doc,
        description: 'A single-number endpoint: its number with its newest messages.',
        params: hashParams,
        response: {
          200: publicEndpointSchema,
          ...errorResponses('RATE_LIMITED', 'ENDPOINT_NOT_FOUND'),
        },
      },
    },
    async (req) => service.single(req.params.hash),
  );

  app.get(
    '/v1/public/single/:hash/latest',
    {
      ...opts,
      schema: {
        ...doc,
        description:
          'The newest message with a code, as JSON or (Accept: text/plain) one line "<code> <message>", 204 when none. `?wait=N` (1–60 s) waits for a code newer than the request.',
        params: hashParams,
        querystring: publicLatestQuery,
        response: {
          200: publicLatestSchema,
          ...errorResponses('RATE_LIMITED', 'ENDPOINT_NOT_FOUND', 'TOO_MANY_OPEN'),
        },
      },
    },
    async (req, reply) => {
      const wait = req.query.wait;
      if (wait) openWaits.take(req.ip, reply);
      const gone = new AbortController();
      reply.raw.on('close', () => gone.abort());
      const latest = await service.latest(
        req.params.hash,
        wait ? wait * 1000 : undefined,
        gone.signal,
      );
      if (!wantsText(req)) return latest;
      // Plain text for scripts (a string with a text type is sent as is, not serialised).
      const text = reply as FastifyReply;
      if (latest.code === null) return text.status(204).send();
      const line = `${latest.code} ${(latest.message ?? '').replace(/\s+/g, ' ').trim()}\n`;
      return text.type('text/plain; charset=utf-8').send(line);
    },
  );

  app.post(
    '/v1/public/pages/:hash/expect',
    {
      ...opts,
      schema: {
        response: errorResponses('RATE_LIMITED', 'PAGE_NOT_FOUND', 'NUMBER_NOT_FOUND'),
        ...doc,
        description:
          "'Copy Number' on a public page: the number expects a code (polled fastest for a few minutes). 202; a hash arms at most once per 10 s.",
        params: hashParams,
        body: expectPageBody,
      },
    },
    async (req, reply) => {
      await service.expectOnPage(req.params.hash, req.body.numberId);
      return reply.status(202).send();
    },
  );

  app.post(
    '/v1/public/single/:hash/expect',
    {
      ...opts,
      schema: {
        response: errorResponses('RATE_LIMITED', 'ENDPOINT_NOT_FOUND'),
        ...doc,
        description:
          "'Copy Number' on a single endpoint: its number expects a code. 202; a hash arms at most once per 10 s.",
        params: hashParams,
      },
    },
    async (req, reply) => {
      await service.expectOnSingle(req.params.hash);
      return reply.status(202).send();
    },
  );

  for (const kind of ['page', 'single'] as const) {
    app.get(
      `/v1/public/${kind === 'page' ? 'pages' : 'single'}/:hash/events`,
      {
        ...opts,
        schema: {
          ...doc,
          description:
            'Server-Sent Events: `message` events (data: a public message and its numberId) for the numbers shown, ids usable as Last-Event-ID, heartbeats as comments.',
          params: hashParams,
          headers: streamHeaders,
          response: errorResponses(
            'RATE_LIMITED',
            'TOO_MANY_OPEN',
            kind === 'page' ? 'PAGE_NOT_FOUND' : 'ENDPOINT_NOT_FOUND',
          ),
        },
      },
      async (req, reply) => openPublicStream(kind, req.params.hash, req, reply),
    );
  }

  /** Events of one page's or endpoint's numbers; ends once the hash is gone or inactive. */
  async function openPublicStream(
    kind: ViewKind,
    hash: string,
    req: FastifyRequest,
    reply: FastifyReply,
  ) {
    const target: StreamTarget = await service.streamTarget(kind, hash);
    openStreams.take(req.ip, reply);
    let shown = new Set(target.numberIds);
    // Edited, deactivated, regenerated or deleted by its owner in this process: end the stream
    // now (the client reconnects and is refused if the link is dead); other processes' streams
    // end at their next heartbeat.
    const changed = new AbortController();
    const offChange = deps.changes?.on(kind, target.id, () => changed.abort());
    reply.raw.once('close', () => offChange?.());
    service
      .watch(kind, hash)
      .catch((err: unknown) => app.log.warn({ err }, 'watching public numbers failed'));
    // One event goes to every viewer of the page: serialised once.
    const serialised = new WeakMap<MessageEvent, string>();
    await streams.open(reply, {
      userId: target.ownerId,
      accept: (e) => shown.has(e.message.voipNumberId),
      data: (e) => {
        let s = serialised.get(e);
        if (s === undefined) serialised.set(e, (s = publicEventData(e)));
        return s;
      },
      lastEventId: (req.headers['last-event-id'] as string | undefined) ?? service.freshReplayId(),
      replay: async (since) => (await service.replay([...shown], since, REPLAY_LIMIT)).map(toEvent),
      // Deactivated, deleted, regenerated, or given to someone else: the stream ends. The page's
      // numbers may have changed: the stream follows them.
      heartbeat: async () => {
        const now = await service.watch(kind, hash);
        if (!now || now.id !== target.id) return false;
        shown = new Set(now.numberIds);
        return true;
      },
      headers: PUBLIC_HEADERS,
      end: changed.signal,
    });
  }

  return {
    /** Whether this request is within its address's limit of the public routes (and counts). */
    allowed: async (req: FastifyRequest) => {
      const r = await perIp(req);
      return r.isAllowed || !r.isExceeded;
    },
  };
}
