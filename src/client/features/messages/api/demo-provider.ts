import { queryOptions, useQuery } from '@tanstack/react-query';

/** A sample demo link path; any 10 digits work. */
export const DEMO_PATH = '/demo-provider/5550001234';

/**
 * Whether this server runs the built-in demo provider (it does outside production unless turned
 * off). Only asked when the empty state wants to suggest a demo link.
 */
export const demoProviderQuery = queryOptions({
  queryKey: ['demo-provider'] as const,
  queryFn: async ({ signal }) => {
    try {
      const res = await fetch(DEMO_PATH, { signal, headers: { accept: 'text/plain' } });
      // Without the demo provider the SPA fallback answers with the HTML page.
      return res.ok && (res.headers.get('content-type') ?? '').startsWith('text/plain');
    } catch {
      return false;
    }
  },
  staleTime: Infinity,
  retry: false,
});

export const useDemoProvider = (enabled: boolean) => useQuery({ ...demoProviderQuery, enabled });
