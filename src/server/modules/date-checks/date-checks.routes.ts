import type { FastifyReply, FastifyRequest } from 'fastify';
import { dateCheckBody, publicDateCheckBody } from '../../../shared/checks.ts';
import type { App } from '../../app.ts';
import { requireUser, userOrIp } from '../../plugins/session.ts';
import { openStream } from '../../plugins/stream.ts';
import type { DateChecksService, Run } from './date-checks.service.ts';
import { errorResponses } from '../../error-responses.ts';
import { apiLocale, storedText, translate } from '../../i18n.ts';

export function dateChecksRoutes(app: App, service: DateChecksService) {
  app.post(
    '/v1/date-checks',
    {
      // Each check asks a provider per number: at most 20 checks a minute per user.
      config: {
        scope: 'numbers:write',
        rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: userOrIp },
      },
      schema: {
        response: errorResponses(
          'UNAUTHORIZED',
          'NUMBER_NOT_FOUND',
          'TOO_MANY_LINES',
          'NO_VALID_LINES',
        ),
        tags: ['date check'],
        description: 'Streams one JSON result per line (application/x-ndjson) as checks complete.',
        body: dateCheckBody,
      },
    },
    async (req, reply) => {
      // Validation (and 404 for foreign ids) happens before the stream starts: a normal 4xx.
      const run = await service.dateCheck(requireUser(req).id, req.body);
      await streamResults(req, reply, run);
    },
  );

  app.post(
    '/v1/public/date-check',
    {
      config: { scope: 'public', rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        response: errorResponses('TOO_MANY_LINES', 'NO_VALID_LINES'),
        tags: ['date check'],
        description: 'Public date checker; links are never stored or logged. NDJSON results.',
        body: publicDateCheckBody,
      },
    },
    async (req, reply) => {
      await streamResults(req, reply, service.publicDateCheck(req.body.lines));
    },
  );

  /**
   * Streams a check's results, one JSON object per line, each written as it completes. A client
   * that goes away stops the check: no further provider is asked, requests in flight are aborted.
   * A result's error comes in the reader's language.
   */
  async function streamResults(req: FastifyRequest, reply: FastifyReply, run: Run) {
    const locale = apiLocale(req);
    const { raw, signal } = openStream(reply, 'application/x-ndjson; charset=utf-8');
    try {
      await run((r) => {
        const said = r.error === null ? r : { ...r, error: storedText(locale, r.error) };
        if (!raw.destroyed) raw.write(JSON.stringify(said) + '\n');
      }, signal);
    } catch (err) {
      app.log.error({ err }, 'date check failed');
      const error = translate(locale, 'server.dateChecks.unknown');
      if (!raw.destroyed) raw.write(JSON.stringify({ error }) + '\n');
    } finally {
      raw.end();
      // The check has ended here: nothing more is asked of any provider for it.
      if (signal.aborted) reply.log.info('date check stopped: the client went away');
    }
  }
}
