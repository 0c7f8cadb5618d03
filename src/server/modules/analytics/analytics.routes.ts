import { stringify } from 'csv-stringify/sync';
import {
  ANALYTICS_CSV_COLUMNS,
  analyticsQuery,
  analyticsSummary,
  MAX_EVENT_BODY_BYTES,
  MAX_EVENT_URL_LENGTH,
  trackEventBody,
  trackEventResponse,
} from '../../../shared/analytics.ts';
import type { App } from '../../app.ts';
import { adminOnly } from '../../plugins/admin-guard.ts';
import { answerHead, csvDownloadHeaders, openStream, writeChunk } from '../../plugins/stream.ts';
import { analyticsErrors } from './analytics.errors.ts';
import type { StoredEvent } from './analytics.repository.ts';
import { pagePath, type AnalyticsService } from './analytics.service.ts';
import { fromRequest } from './recorder.ts';
import { errorResponses } from '../../error-responses.ts';

/** Events a client address may send a minute (in memory, per process; ADR 0005, ADR 0014). */
export type AnalyticsRateLimits = { perIpPerMinute: number };
export const ANALYTICS_RATE_LIMITS: AnalyticsRateLimits = { perIpPerMinute: 120 };

const csvOptions = { escape_formulas: true } as const;
const csvRow = (e: StoredEvent) => [
  e.type,
  e.userId ?? '',
  e.pageUrl ?? '',
  e.createdAt.toISOString(),
  e.userAgent ?? '',
];

/**
 * Analytics: `POST /v1/analytics/events` (anyone, same origin, rate-limited per address), and the
 * admin reads: `GET /v1/admin/analytics` and its CSV export (permission analytics).
 */
export function analyticsRoutes(
  app: App,
  deps: { service: AnalyticsService; now: () => Date; limits?: Partial<AnalyticsRateLimits> },
) {
  const { service, now } = deps;
  const limits = { ...ANALYTICS_RATE_LIMITS, ...deps.limits };
  const perIp = app.createRateLimit({
    max: limits.perIpPerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => `analytics-ip:${req.ip}`,
  });

  app.post(
    '/v1/analytics/events',
    {
      config: { scope: 'public' },
      // Counted before the body is read: a flood of oversize bodies is limited too.
      onRequest: async (req) => {
        const r = await perIp(req);
        if (!r.isAllowed && r.isExceeded) throw analyticsErrors.rateLimited(r.ttlInSeconds);
      },
      bodyLimit: MAX_EVENT_BODY_BYTES,
      schema: {
        tags: ['analytics'],
        description:
          'Records a page view or a tracked event (202). `recorded` is false when analytics are off.',
        body: trackEventBody,
        response: { 202: trackEventResponse, ...errorResponses('RATE_LIMITED', 'FORBIDDEN') },
      },
    },
    async (req, reply) => {
      const { type, sessionId, pageUrl, referrer, data } = req.body;
      service.checkSender(type, Boolean(req.user?.admin));
      const recorded = await app.analytics.record({
        type,
        data: data ?? {},
        sessionId,
        pageUrl: pagePath(pageUrl),
        referrer: referrer ? referrer.slice(0, MAX_EVENT_URL_LENGTH) : null,
        ...fromRequest(req),
      });
      return reply.status(202).send({ recorded });
    },
  );

  const doc = { tags: ['admin'] };
  const analytics = { preValidation: adminOnly('analytics') };

  app.get(
    '/v1/admin/analytics',
    {
      ...analytics,
      schema: { ...doc, querystring: analyticsQuery, response: { 200: analyticsSummary } },
    },
    async (req) => service.summary(req.query),
  );

  app.get(
    '/v1/admin/analytics/export',
    {
      ...analytics,
      schema: {
        ...doc,
        description: `The range's events as CSV (${ANALYTICS_CSV_COLUMNS.join(', ')}), newest first, streamed.`,
        querystring: analyticsQuery.omit({ utcOffset: true }),
      },
    },
    async (req, reply) => {
      const headers = csvDownloadHeaders(`analytics-${now().toISOString().slice(0, 10)}.csv`);
      if (req.method === 'HEAD') return answerHead(reply, headers);
      const pages = service.exportRows(req.query);
      // The first page is read before the answer starts, so a failure there is a normal error.
      const first = await pages.next();
      const { raw, signal } = openStream(reply, headers['content-type'], headers);
      // Never waits on a client that left while a page was read (its 'close' is already gone).
      const write = (chunk: string) => writeChunk(raw, chunk);
      try {
        await write(stringify([[...ANALYTICS_CSV_COLUMNS]]));
        if (!first.done) await write(stringify(first.value.map(csvRow), csvOptions));
        while (!signal.aborted) {
          const next = await pages.next();
          if (next.done) break;
          await write(stringify(next.value.map(csvRow), csvOptions));
        }
        raw.end();
      } catch (err) {
        // The header is gone: the client sees a cut download rather than a wrong one.
        req.log.warn({ err }, 'analytics export failed mid-stream');
        raw.destroy();
      } finally {
        await pages.return(undefined);
      }
    },
  );
}
