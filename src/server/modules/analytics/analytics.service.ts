import {
  ADMIN_CLIENT_EVENT_TYPES,
  ANALYTICS_LIMITS,
  RANGE_DAYS,
  type AnalyticsEventDto,
  type AnalyticsRange,
  type AnalyticsSummary,
  type ClientEventType,
} from '../../../shared/analytics.ts';
import type { AnalyticsRepository, StoredEvent, SummaryFilter } from './analytics.repository.ts';
import { analyticsErrors } from './analytics.errors.ts';

const DAY_MS = 86_400_000;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Rows read per statement by the CSV export. */
export const EXPORT_PAGE = 1000;

const eventDto = (e: StoredEvent): AnalyticsEventDto => ({
  id: e.id,
  type: e.type,
  userId: e.userId,
  sessionId: e.sessionId,
  pageUrl: e.pageUrl,
  referrer: e.referrer,
  userAgent: e.userAgent,
  data: e.data,
  createdAt: e.createdAt.toISOString(),
});

/**
 * The page's path and query from what the browser sent: an absolute URL (any origin) keeps its
 * path and query only; a path is kept as it is. The fragment is dropped.
 */
export function pagePath(pageUrl: string): string {
  const noHash = pageUrl.split('#')[0]!;
  if (/^[a-z][a-z0-9+.-]*:/i.test(noHash)) {
    try {
      const u = new URL(noHash);
      return `${u.pathname}${u.search}`;
    } catch {
      return noHash;
    }
  }
  return noHash;
}

/** Analytics rules: which events a caller may send, and the analytics page's figures. */
export function analyticsService(deps: { repo: AnalyticsRepository; now: () => Date }) {
  const { repo, now } = deps;

  function rangeFilter(range: AnalyticsRange, type: string | undefined): SummaryFilter {
    const to = now();
    return { from: new Date(to.getTime() - RANGE_DAYS[range] * DAY_MS), to, type };
  }

  return {
    /** admin_* events only from an active admin (403 otherwise). */
    checkSender(type: ClientEventType, isAdmin: boolean) {
      if (ADMIN_CLIENT_EVENT_TYPES.includes(type) && !isAdmin) throw analyticsErrors.adminOnly();
    },

    async summary(q: {
      range: AnalyticsRange;
      type?: string | undefined;
      utcOffset: number;
    }): Promise<AnalyticsSummary> {
      const f = rangeFilter(q.range, q.type);
      const s = await repo.summary(f, q.utcOffset, ANALYTICS_LIMITS.details);
      const hourly = Array.from({ length: 24 }, () => 0);
      for (const h of s.hourly) hourly[h.hour] = h.count;
      return {
        range: q.range,
        from: f.from.toISOString(),
        to: f.to.toISOString(),
        totals: {
          events: s.events,
          uniqueUsers: s.uniqueUsers,
          pageViews: s.pageViews,
          sessions: s.sessions,
          avgSessionSeconds:
            s.avgSessionSeconds === null ? null : Math.round(s.avgSessionSeconds * 10) / 10,
        },
        hourly,
        types: s.types.slice(0, ANALYTICS_LIMITS.types),
        topPages: s.topPages.slice(0, ANALYTICS_LIMITS.topPages),
        events: s.events50.map(eventDto),
      };
    },

    /**
     * The range's events newest first, `EXPORT_PAGE` at a time (keyset paged), until none are
     * left or `signal` aborts (the client went away).
     */
    async *exportRows(
      q: { range: AnalyticsRange; type?: string | undefined },
      signal?: AbortSignal,
    ): AsyncGenerator<StoredEvent[]> {
      const f = rangeFilter(q.range, q.type);
      let cursor: { at: Date; id: string } | undefined;
      while (!signal?.aborted) {
        // The embedded database answers through promises only: without a turn of the event loop
        // between pages, a fast client (or a HEAD request) would starve every other request.
        if (cursor) await yieldToEventLoop();
        const rows = await repo.page(f, cursor, EXPORT_PAGE);
        if (rows.length > 0) yield rows;
        if (rows.length < EXPORT_PAGE) return;
        const last = rows.at(-1)!;
        cursor = { at: last.createdAt, id: last.id };
      }
    },
  };
}
export type AnalyticsService = ReturnType<typeof analyticsService>;
