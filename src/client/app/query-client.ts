import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api.ts';
import { ME_QUERY_KEY } from '../lib/me.ts';
import { retryDelay, shouldRetry } from '../lib/retry.ts';

/**
 * Reads are retried only when the failure may pass by itself (lib/retry.ts); cached data stays on
 * screen when a background refetch fails. A read refused with FORBIDDEN means the session's rights
 * changed since it was read (an admin's permission taken away): the session is read again, so the
 * admin area shows what the admin may see now (RequirePermission) and asks for nothing more.
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (isApiError(error) && error.code === 'FORBIDDEN') {
        void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      }
    },
  }),
  defaultOptions: {
    queries: { staleTime: 10_000, refetchOnWindowFocus: true, retry: shouldRetry, retryDelay },
    mutations: { retry: false },
  },
});
