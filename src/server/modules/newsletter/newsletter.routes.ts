import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  subscribeBody,
  subscribeResponse,
  subscriberListQuery,
  subscriberListResponse,
} from '../../../shared/newsletter.ts';
import type { App } from '../../app.ts';
import { adminOnly } from '../../plugins/admin-guard.ts';
import { answerHead, csvDownloadHeaders } from '../../plugins/stream.ts';
import { fromRequest } from '../analytics/recorder.ts';
import type { NewsletterService } from './newsletter.service.ts';
import { errorResponses } from '../../error-responses.ts';

/** Subscriptions per address (any answer counts, so probing which emails are stored is slow too). */
export const SUBSCRIBE_LIMIT = { max: 5, timeWindow: 10 * 60_000 } as const;

/**
 * `POST /v1/newsletter` (public, rate-limited per address; the CSRF and maintenance guards apply
 * as to every write) and the admin list and export (permission users). Registered after the
 * rate-limit plugin.
 */
export function newsletterRoutes(app: App, service: NewsletterService, now: () => Date) {
  app.post(
    '/v1/newsletter',
    {
      config: { scope: 'public', rateLimit: SUBSCRIBE_LIMIT },
      schema: {
        tags: ['public'],
        body: subscribeBody,
        response: {
          200: subscribeResponse,
          201: subscribeResponse,
          ...errorResponses('BLOG_DISABLED'),
        },
      },
    },
    async (req, reply) => {
      const { created } = await service.subscribe(req.body.email);
      reply.header('cache-control', 'no-store');
      if (!created) return reply.status(200).send({ status: 'already_subscribed' as const });
      // Recorded after the row is stored; never the address itself. A failure to record is
      // logged and does not fail the subscription.
      try {
        await app.analytics.record({ type: 'newsletter_subscribed', ...fromRequest(req) });
      } catch (err) {
        req.log.warn({ err }, 'analytics: recording newsletter_subscribed failed');
      }
      return reply.status(201).send({ status: 'subscribed' as const });
    },
  );

  const doc = { tags: ['admin'] };
  const users = { preValidation: adminOnly('users') };

  app.get(
    '/v1/admin/newsletter',
    {
      ...users,
      schema: {
        ...doc,
        querystring: subscriberListQuery,
        response: { 200: subscriberListResponse, ...errorResponses('INVALID_CURSOR') },
      },
    },
    async (req) => service.list(req.query),
  );

  app.get(
    '/v1/admin/newsletter/export',
    {
      ...users,
      schema: {
        ...doc,
        description: 'Every subscriber as CSV (Email, Subscribed At), newest first, streamed.',
        querystring: z.object({}),
      },
    },
    async (req, reply) => {
      const headers = csvDownloadHeaders(`subscribers-${now().toISOString().slice(0, 10)}.csv`);
      if (req.method === 'HEAD') return answerHead(reply, headers);
      // Its first batch is read before any header is set: a failure there is a plain JSON error,
      // not an error saved as the CSV file.
      const lines = await service.exportCsv();
      return reply.headers(headers).send(Readable.from(lines));
    },
  );
}
