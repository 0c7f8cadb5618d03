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
import type { CodeWaits } from './code-wait.ts';
import { messageErrors } from './messages.errors.ts';
import { sendError } from '../../plugins/errors.ts';
import { openCounter } from '../../plugins/open-counter.ts';
import { wantsText } from '../../plugins/content.ts';
import { codeAnswer, codeWaitHeaders, codeWaitQuery } from '../../../shared/code-wait.ts';
import type { FastifyReply } from 'fastify';
import { errorResponses } from '../../error-responses.ts';
import { apiLocale } from '../../i18n.ts';

/** Requests one account may hold waiting for a code at once. */
export const MAX_OPEN_CODE_WAITS = 100;

export function messagesRoutes(
  app: App,
  deps: { service: MessagesService; codeWaits: CodeWaits; now: () => Date },
) {
  const { service, codeWaits, now } = deps;
  const openWaits = openCounter(MAX_OPEN_CODE_WAITS, () =>
    messageErrors.tooManyWaits(MAX_OPEN_CODE_WAITS),
  );

  app.get(
    '/v1/numbers/:id/code',
    {
      config: { scope: 'messages:read' },
      schema: {
        tags: ['messages'],
        description: [
          'The first code of the number stored after `after` (a message id of this number, or a time compared with `storedAt`; by default the newest message when the request arrives, so an older code is never answered unless asked for).',
          '`wait=N` (0–120 s) holds the request until such a code is stored (from any process), and marks the number as expecting a code (polled fastest); 204 when none came in time.',
          '`claim=true`: a code handed to one claiming caller is never handed to another (the next caller gets the next code). With an `Idempotency-Key` header, a retried claim gets the same code again.',
          'JSON, or with `Accept: text/plain` the code alone on one line. 503 SHUTTING_DOWN when the server restarts mid-wait: retry.',
        ].join('\n\n'),
        params: idParams,
        querystring: codeWaitQuery,
        headers: codeWaitHeaders,
        response: {
          200: codeAnswer,
          ...errorResponses('UNAUTHORIZED', 'NUMBER_NOT_FOUND', 'TOO_MANY_OPEN', 'SHUTTING_DOWN'),
        },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const number = await service.ownNumber(user.id, req.params.id);
      const { wait, after, claim } = req.query;
      if (wait > 0) openWaits.take(user.id, reply);
      const gone = new AbortController();
      reply.raw.on('close', () => gone.abort());
      const found = await codeWaits.wait({
        userId: user.id,
        number,
        after:
          after === undefined
            ? undefined
            : /^\d{4}-/.test(after)
              ? { time: new Date(after) }
              : { messageId: after },
        waitMs: wait * 1000,
        claim: claim ?? false,
        ...(req.headers['idempotency-key']
          ? { idempotencyKey: req.headers['idempotency-key'] }
          : {}),
        signal: gone.signal,
      });
      // Not a fault: sent as is (a thrown 5xx is logged as an error).
      if (found === 'closing') return sendError(reply, messageErrors.shuttingDown());
      reply.header('cache-control', 'no-store');
      if (!found) return (reply as FastifyReply).status(204).send();
      if (!wantsText(req)) return found;
      return (reply as FastifyReply).type('text/plain; charset=utf-8').send(`${found.code}\n`);
    },
  );

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
    async (req) => service.test(requireUser(req).id, req.params.id, apiLocale(req)),
  );
}
