import { QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetry } from '../lib/retry.ts';

/**
 * Reads are retried only when the failure may pass by itself (lib/retry.ts); cached data stays on
 * screen when a background refetch fails.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 10_000, refetchOnWindowFocus: true, retry: shouldRetry, retryDelay },
    mutations: { retry: false },
  },
});
