import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../../shared/auth.ts';
import { apiGet } from './api.ts';

export const ME_QUERY_KEY = ['me'] as const;

/**
 * The signed-in user, or null when signed out. Shared by the auth pages and the dashboard guard,
 * so it lives in lib rather than in one feature. It asks GET /v1/auth/session, which answers 200
 * with `{ user: null }` to a visitor, so a signed-out page load logs no failed request (GET /v1/me
 * would answer 401).
 */
export const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: async ({ signal }): Promise<Me | null> =>
    (await apiGet<{ user: Me | null }>('/v1/auth/session', signal)).user,
  staleTime: 30_000,
});

export const useMe = () => useQuery(meQueryOptions);
