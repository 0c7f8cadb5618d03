import {
  expectResult,
  refreshAllResult,
  refreshResult,
  testResult,
} from '../../../shared/checks.ts';
import { messageListQuerySchema, messageListResponseSchema } from '../../../shared/messages.ts';
import { idParams } from '../../../shared/numbers.ts';
import type { App } from '../../app.ts';
import { requireUser, userOrIp } from '../../plugins/session.ts';
import type { MessagesService } from './messages.service.ts';
import { errorResponses } from '../../error-responses.ts';

export function messagesRoutes(app: App, deps: { service: MessagesService; now: () => Date }) {
  const { service, now } = deps;

  app.get(
    '/v1/messages',
    {
      config: { scope: 'messages:read' },
      schema: {
        tags: ['messages'],
        querystring: messageListQuerySchema,
        response: {
          200: messageListResponseSchema,
          ...errorResponses('UNAUTHORIZED', 'NUMBER_NOT_FOUND', 'INVALID_CURSOR'),
        },
      },
    },
    async (req) => service.list(requireUser(req).id, req.query),
  );

  app.get(
    '/v1/messages/export',
    {
      config: { scope: 'messages:read' },
      schema: {
        response: errorResponses('UNAUTHORIZED', 'NUMBER_NOT_FOUND'),
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
    {
      // Each asks the providers of up to 500 numbers: at most 6 a minute per user.
      config: {
        scope: 'numbers:write',
        rateLimit: { max: 6, timeWindow: 60_000, keyGenerator: userOrIp },
      },
      schema: {
        tags: ['messages'],
        response: { 200: refreshAllResult, ...errorResponses('UNAUTHORIZED') },
      },
    },
    async (req) => service.refreshAll(requireUser(req).id),
  );

  app.post(
    '/v1/numbers/:id/refresh',
    {
      config: {
        scope: 'numbers:write',
        rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: userOrIp },
      },
      schema: {
        tags: ['messages'],
        params: idParams,
        response: { 200: refreshResult, ...errorResponses('UNAUTHORIZED', 'NUMBER_NOT_FOUND') },
      },
    },
    async (req) => service.refresh(requireUser(req).id, req.params.id),
  );

  app.post(
    '/v1/numbers/:id/expect',
    {
      // Copying a number (the dashboard card): as many as Refresh, 60 a minute per user.
      config: {
        scope: 'numbers:write',
        rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: userOrIp },
      },
      schema: {
        tags: ['messages'],
        description:
          'A code is about to be sent to this number: it is polled at the expecting interval (EXPECTING_POLL_INTERVAL_SECONDS) until `expectingUntil` (EXPECTING_WINDOW_SECONDS), or until shortly after a new code arrives. An inactive number is marked but not polled (`active: false`).',
        params: idParams,
        response: { 202: expectResult, ...errorResponses('UNAUTHORIZED', 'NUMBER_NOT_FOUND') },
      },
    },
    async (req, reply) =>
      reply.status(202).send(await service.expect(requireUser(req).id, req.params.id)),
  );

  app.post(
    '/v1/numbers/:id/test',
    {
      // Each Test asks the provider: at most 30 a minute per user.
      config: {
        scope: 'numbers:write',
        rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: userOrIp },
      },
      schema: {
        tags: ['messages'],
        params: idParams,
        response: { 200: testResult, ...errorResponses('UNAUTHORIZED', 'NUMBER_NOT_FOUND') },
      },
    },
    async (req) => service.test(requireUser(req).id, req.params.id),
  );
}
