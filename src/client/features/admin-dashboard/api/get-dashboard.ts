import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AdminDashboardActivity,
  AdminDashboardBlog,
  AdminDashboardUsers,
} from '../../../../shared/admin.ts';
import { apiGet } from '../../../lib/api.ts';
import { ADMIN_ROOT } from '../../../lib/query-roots.ts';

const sectionQuery = <T>(section: 'users' | 'blog' | 'activity') =>
  queryOptions({
    queryKey: [...ADMIN_ROOT, 'dashboard', section] as const,
    queryFn: ({ signal }) => apiGet<T>(`/v1/admin/dashboard/${section}`, signal),
    staleTime: 30_000,
  });
const usersQuery = sectionQuery<AdminDashboardUsers>('users');
const blogQuery = sectionQuery<AdminDashboardBlog>('blog');
const activityQuery = sectionQuery<AdminDashboardActivity>('activity');

/**
 * The dashboard's sections, each asked for only when the admin has its permission (`enabled`):
 * GET /v1/admin/dashboard/users (users: stat cards and 30-day series), /blog (blog: the Blog
 * Posts card, categories and popular posts), /activity (analytics: the latest events).
 */
export const useDashboardUsers = (enabled: boolean) => useQuery({ ...usersQuery, enabled });
export const useDashboardBlog = (enabled: boolean) => useQuery({ ...blogQuery, enabled });
export const useDashboardActivity = (enabled: boolean) => useQuery({ ...activityQuery, enabled });
