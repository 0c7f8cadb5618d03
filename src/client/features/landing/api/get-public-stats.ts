import { queryOptions } from '@tanstack/react-query';
import type { PublicStats } from '../../../../shared/api.ts';
import { apiGet } from '../../../lib/api.ts';

export const STATS_REFRESH_MS = 5_000;

export const publicStatsQueryOptions = queryOptions({
  queryKey: ['public-stats'],
  queryFn: ({ signal }) => apiGet<PublicStats>('/v1/public/stats', signal),
  refetchInterval: STATS_REFRESH_MS,
  staleTime: STATS_REFRESH_MS,
});
