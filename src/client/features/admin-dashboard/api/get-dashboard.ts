import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '../../../../shared/analytics.ts';
import { apiGet } from '../../../lib/api.ts';
import { ADMIN_ROOT } from '../../../lib/query-roots.ts';

const dashboardQuery = queryOptions({
  queryKey: [...ADMIN_ROOT, 'dashboard'] as const,
  queryFn: ({ signal }) => apiGet<AdminDashboard>('/v1/admin/dashboard', signal),
  staleTime: 30_000,
});

/**
 * GET /v1/admin/dashboard (any active admin): the 30-day series, blog categories, popular posts
 * and the latest events.
 */
export const useAdminDashboard = () => useQuery(dashboardQuery);
