import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../shared/admin.ts';
import { apiGet } from '../../../lib/api.ts';
import { ADMIN_ROOT } from '../../../lib/query-roots.ts';

const statsQuery = queryOptions({
  queryKey: [...ADMIN_ROOT, 'stats'] as const,
  queryFn: ({ signal }) => apiGet<AdminStats>('/v1/admin/stats', signal),
  staleTime: 30_000,
});

/** GET /v1/admin/stats: the four stat cards' figures (any active admin). */
export const useAdminStats = () => useQuery(statsQuery);
