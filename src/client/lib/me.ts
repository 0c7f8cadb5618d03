import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../../shared/auth.ts';
import { ApiError, apiGet } from './api.ts';

export const ME_QUERY_KEY = ['me'] as const;

/**
 * The signed-in user, or null when signed out (401). Shared by the auth pages and the dashboard
 * guard, so it lives in lib rather than in one feature.
 */
export const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: async ({ signal }): Promise<Me | null> => {
    try {
      return await apiGet<Me>('/v1/me', signal);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 30_000,
  retry: (count, err) =>
    !(err instanceof ApiError && err.status < 500 && err.status > 0) && count < 2,
});

export const useMe = () => useQuery(meQueryOptions);
