import { queryOptions, useQuery } from '@tanstack/react-query';

/** The sample demo number, and its demo link path (any 10 digits work). */
export const DEMO_NUMBER = '5550001234';
export const DEMO_PATH = `/demo-provider/${DEMO_NUMBER}`;
/** The demo link on this site (the server answers it in-process, PUBLIC_URL or loopback). */
export const demoLink = () => `${window.location.origin}${DEMO_PATH}`;

/**
 * Whether this server runs the built-in demo provider (it does outside production unless turned
 * off). Only asked when a page wants to offer the demo (empty states, Add Number).
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
