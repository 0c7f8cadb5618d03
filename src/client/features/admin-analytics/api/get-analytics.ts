import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AnalyticsEventType,
  AnalyticsRange,
  AnalyticsSummary,
} from '../../../../shared/analytics.ts';
import { apiGet } from '../../../lib/api.ts';
import { ADMIN_ROOT } from '../../../lib/query-roots.ts';

export type AnalyticsFilters = {
  range: AnalyticsRange;
  /** Undefined = all types. */
  type: AnalyticsEventType | undefined;
};

/** The query string of the summary and the export (the export has no hour buckets, no offset). */
export function analyticsParams(f: AnalyticsFilters, utcOffset?: number): URLSearchParams {
  const params = new URLSearchParams({ range: f.range });
  if (f.type) params.set('type', f.type);
  if (utcOffset !== undefined) params.set('utcOffset', String(utcOffset));
  return params;
}

/** The CSV export of the same filters (the server names the file analytics-{date}.csv). */
export const exportUrl = (f: AnalyticsFilters) =>
  `/v1/admin/analytics/export?${analyticsParams(f).toString()}`;

const analyticsQuery = (f: AnalyticsFilters, utcOffset: number) =>
  queryOptions({
    queryKey: [...ADMIN_ROOT, 'analytics', f.range, f.type ?? 'all', utcOffset] as const,
    queryFn: ({ signal }) =>
      apiGet<AnalyticsSummary>(
        `/v1/admin/analytics?${analyticsParams(f, utcOffset).toString()}`,
        signal,
      ),
    staleTime: 30_000,
    // A new filter keeps the last figures on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
  });

/**
 * GET /v1/admin/analytics (permission analytics): totals, the hour-of-day buckets in the viewer's
 * offset from UTC, top types and pages, and the newest 50 events of the range and type.
 */
export const useAnalytics = (f: AnalyticsFilters, utcOffset: number) =>
  useQuery(analyticsQuery(f, utcOffset));
