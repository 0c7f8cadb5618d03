import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../../shared/numbers.ts';
import {
  createWebhookBody,
  DEFAULT_EXPIRING_DAYS,
  deliveryDto,
  deliveryListResponse,
  MAX_WEBHOOKS_PER_USER,
  SECRET_OVERLAP_HOURS,
  updateWebhookBody,
  WEBHOOK_PAYLOADS,
  webhookDto,
  webhookWithSecretDto,
} from '../../../shared/webhooks.ts';
import type { ApiKeyScope } from '../../../shared/api-keys.ts';
import type { ErrorCode } from '../../../shared/errors.ts';
import type { App } from '../../app.ts';
import type { createCipher } from '../../crypto.ts';
import { decodeCursor, encodeCursor } from '../../db/paging.ts';
import { errorResponses } from '../../error-responses.ts';
import { withReason } from '../../i18n.ts';
import { requireUser, userOrIp } from '../../plugins/session.ts';
import { newWebhookSecret } from './signing.ts';
import { webhookErrors } from './webhooks.errors.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

export const signedIn = async (req: FastifyRequest) => {
  requireUser(req);
};
export const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: 60_000, keyGenerator: userOrIp },
});
const deliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });
const deliveriesQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
const HOUR_MS = 3_600_000;

/**
 * The events as OpenAPI callbacks of `POST /v1/webhooks`: what each one POSTs to the webhook's
 * URL, signed (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */
const eventCallbacks = Object.fromEntries(
  Object.entries(WEBHOOK_PAYLOADS).map(([event, schema]) => [
    event,
    {
      '{$request.body#/url}': {
        post: {
          requestBody: {
            content: {
              'application/json': { schema: z.toJSONSchema(schema, { target: 'openapi-3.0' }) },
            },
          },
          responses: {
            '2XX': { description: 'Delivered. Any other answer (or none in 5 s) is retried.' },
          },
        },
      },
    },
  ]),
);

/** The user's webhooks (scopes webhooks:read and webhooks:write for keys). */
export function webhooksRoutes(
  app: App,
  deps: {
    repo: WebhooksRepository;
    cipher: ReturnType<typeof createCipher>;
    now: () => Date;
    /** A delivery was just made due: the worker of this process claims it now. */
    kick: () => void;
  },
) {
  const { repo, cipher, now } = deps;
  const read = { scope: 'webhooks:read' as const };
  const write = (max: number) => ({ scope: 'webhooks:write' as const, ...perUser(max) });
  const tags = ['webhooks'];

  async function own(userId: string, id: string) {
    const w = await repo.get(userId, id);
    if (!w) throw webhookErrors.notFound();
    return w;
  }
  async function checkIds(userId: string, body: { numberIds?: string[]; tagIds?: string[] }) {
    const bad = await repo.unknownIds(userId, body.numberIds ?? [], body.tagIds ?? []);
    if (Object.keys(bad).length) throw webhookErrors.unknownIds(bad);
  }

  app.get(
    '/v1/webhooks',
    {
      config: read,
      preValidation: signedIn,
      schema: {
        tags,
        response: {
          200: z.object({ items: z.array(webhookDto) }),
          ...errorResponses('UNAUTHORIZED'),
        },
      },
    },
    async (req) => ({
      items: (await repo.list(requireUser(req).id)).map((w) => withReason(req, w)),
    }),
  );

  app.post(
    '/v1/webhooks',
    {
      config: write(30),
      preValidation: signedIn,
      schema: {
        tags,
        description:
          'Creates a webhook. The answer is the only one (with rotate-secret) that carries `secret` (`whsec_` + base64): deliveries are signed with it as Standard Webhooks do.',
        body: createWebhookBody,
        callbacks: eventCallbacks,
        response: {
          201: webhookWithSecretDto,
          ...errorResponses('UNAUTHORIZED', 'WEBHOOK_LIMIT_REACHED'),
        },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await checkIds(user.id, req.body);
      const secret = newWebhookSecret();
      const made = await repo.create(
        user.id,
        {
          url: req.body.url,
          events: req.body.events,
          numberIds: req.body.numberIds ?? [],
          tagIds: req.body.tagIds ?? [],
          enabled: req.body.enabled ?? true,
          expiringDays: req.body.expiringDays ?? DEFAULT_EXPIRING_DAYS,
        },
        cipher.encrypt(secret),
        MAX_WEBHOOKS_PER_USER,
        now(),
      );
      if (!made) throw webhookErrors.limitReached();
      return reply.status(201).send({ ...made, secret });
    },
  );

  app.get(
    '/v1/webhooks/:id',
    {
      config: read,
      preValidation: signedIn,
      schema: {
        tags,
        params: idParams,
        response: { 200: webhookDto, ...errorResponses('UNAUTHORIZED', 'WEBHOOK_NOT_FOUND') },
      },
    },
    async (req) => withReason(req, await own(requireUser(req).id, req.params.id)),
  );

  app.patch(
    '/v1/webhooks/:id',
    {
      config: write(60),
      preValidation: signedIn,
      schema: {
        tags,
        description: 'Changes a webhook; `enabled: true` turns one the server disabled on again.',
        params: idParams,
        body: updateWebhookBody,
        response: { 200: webhookDto, ...errorResponses('UNAUTHORIZED', 'WEBHOOK_NOT_FOUND') },
      },
    },
    async (req) => {
      const user = requireUser(req);
      await own(user.id, req.params.id);
      await checkIds(user.id, req.body);
      const { url, events, numberIds, tagIds, enabled, expiringDays } = req.body;
      const updated = await repo.update(user.id, req.params.id, {
        ...(url === undefined ? {} : { url }),
        ...(events === undefined ? {} : { events }),
        ...(numberIds === undefined ? {} : { numberIds }),
        ...(tagIds === undefined ? {} : { tagIds }),
        ...(enabled === undefined ? {} : { enabled }),
        ...(expiringDays === undefined ? {} : { expiringDays }),
      });
      if (!updated) throw webhookErrors.notFound();
      return withReason(req, updated);
    },
  );

  app.delete(
    '/v1/webhooks/:id',
    {
      config: write(60),
      preValidation: signedIn,
      schema: {
        tags,
        description: 'Deletes a webhook and its delivery log; deliveries not yet sent are dropped.',
        params: idParams,
        response: errorResponses('UNAUTHORIZED', 'WEBHOOK_NOT_FOUND'),
      },
    },
    async (req, reply) => {
      if (!(await repo.delete(requireUser(req).id, req.params.id))) throw webhookErrors.notFound();
      return reply.status(204).send();
    },
  );

  app.post(
    '/v1/webhooks/:id/rotate-secret',
    {
      config: write(10),
      preValidation: signedIn,
      schema: {
        tags,
        description: `A new secret, shown once; the previous one still signs (a second signature) for ${SECRET_OVERLAP_HOURS} hours, so receivers can switch without missing a delivery.`,
        params: idParams,
        response: {
          200: webhookWithSecretDto,
          ...errorResponses('UNAUTHORIZED', 'WEBHOOK_NOT_FOUND'),
        },
      },
    },
    async (req) => {
      const secret = newWebhookSecret();
      const rotated = await repo.rotate(
        requireUser(req).id,
        req.params.id,
        cipher.encrypt(secret),
        new Date(now().getTime() + SECRET_OVERLAP_HOURS * HOUR_MS),
      );
      if (!rotated) throw webhookErrors.notFound();
      return { ...rotated, secret };
    },
  );

  deliveryLogRoutes(app, {
    base: '/v1/webhooks',
    tags,
    scopes: { read: 'webhooks:read', write: 'webhooks:write' },
    notFound: 'WEBHOOK_NOT_FOUND',
    own,
    test: {
      event: 'webhook.test',
      data: (id) => ({ test: true, webhookId: id }),
      description: 'Sends a `webhook.test` event now (a delivery in the log like any other).',
    },
    repo,
    now,
    kick: deps.kick,
    what: 'webhook',
  });
}

/**
 * The delivery log routes of an endpoint (a webhook or a notification channel): Send test, its
 * deliveries newest first, and Redeliver. `own` answers the asker's endpoint or throws its 404.
 */
export function deliveryLogRoutes(
  app: App,
  deps: {
    base: string;
    tags: string[];
    scopes: { read: ApiKeyScope; write: ApiKeyScope };
    notFound: ErrorCode;
    own: (userId: string, id: string) => Promise<{ id: string }>;
    test: {
      event: 'webhook.test' | 'channel.test';
      data: (id: string) => Record<string, unknown>;
      description: string;
    };
    repo: WebhooksRepository;
    now: () => Date;
    kick: () => void;
    what: string;
  },
) {
  const { base, tags, own, repo, now } = deps;
  const read = { scope: deps.scopes.read };
  const write = (max: number) => ({ scope: deps.scopes.write, ...perUser(max) });

  app.post(
    `${base}/:id/test`,
    {
      config: write(20),
      preValidation: signedIn,
      schema: {
        tags,
        description: deps.test.description,
        params: idParams,
        response: { 202: deliveryDto, ...errorResponses('UNAUTHORIZED', deps.notFound) },
      },
    },
    async (req, reply) => {
      const w = await own(requireUser(req).id, req.params.id);
      const at = now();
      const body = JSON.stringify({
        type: deps.test.event,
        timestamp: at.toISOString(),
        data: deps.test.data(w.id),
      });
      const made = await repo.enqueue(w.id, deps.test.event, body, at);
      deps.kick();
      return reply.status(202).send(made);
    },
  );

  app.get(
    `${base}/:id/deliveries`,
    {
      config: read,
      preValidation: signedIn,
      schema: {
        tags,
        description: `The ${deps.what}'s deliveries, newest first: event, status, attempts, and the last attempt's status, latency and answer excerpt.`,
        params: idParams,
        querystring: deliveriesQuery,
        response: {
          200: deliveryListResponse,
          ...errorResponses('UNAUTHORIZED', deps.notFound, 'INVALID_CURSOR'),
        },
      },
    },
    async (req) => {
      const w = await own(requireUser(req).id, req.params.id);
      const cursor = req.query.cursor ? decodeCursor(req.query.cursor) : undefined;
      const page = await repo.deliveries(w.id, req.query.limit, cursor);
      const last = page.items.at(-1);
      return {
        items: page.items,
        nextCursor:
          page.more && last ? encodeCursor({ at: new Date(last.createdAt), id: last.id }) : null,
      };
    },
  );

  app.post(
    `${base}/:id/deliveries/:deliveryId/redeliver`,
    {
      config: write(60),
      preValidation: signedIn,
      schema: {
        tags,
        description:
          deps.what === 'webhook'
            ? 'Sends a delivery again now, with the same `webhook-id` and body (a receiver that has it already can drop it).'
            : 'Sends a delivery again now.',
        params: deliveryParams,
        response: {
          202: deliveryDto,
          ...errorResponses('UNAUTHORIZED', deps.notFound, 'DELIVERY_NOT_FOUND'),
        },
      },
    },
    async (req, reply) => {
      const w = await own(requireUser(req).id, req.params.id);
      const again = await repo.redeliver(w.id, req.params.deliveryId, now());
      if (!again) throw webhookErrors.deliveryNotFound();
      deps.kick();
      return reply.status(202).send(again);
    },
  );
}
