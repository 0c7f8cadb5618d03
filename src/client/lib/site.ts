import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SiteInfo } from '../../shared/settings.ts';
import { apiGet, onMaintenanceAnswer } from './api.ts';
import {
  currentSiteInfo,
  DEFAULT_SITE_INFO,
  pageSiteInfo,
  setLatestSiteInfo,
} from './site-info.ts';

export const SITE_QUERY_KEY = ['site'] as const;
const pageLoadedAt = Date.now();

/** GET /v1/site: site name, description, contact email, maintenance mode, blog on or off. */
export const siteQueryOptions = queryOptions({
  queryKey: SITE_QUERY_KEY,
  queryFn: async ({ signal }) => {
    const info = await apiGet<SiteInfo>('/v1/site', signal);
    setLatestSiteInfo(info);
    return info;
  },
  staleTime: 30_000,
  ...(pageSiteInfo ? { initialData: pageSiteInfo, initialDataUpdatedAt: pageLoadedAt } : {}),
});

/**
 * The site info (the defaults until known). A write answered 503 MAINTENANCE switches it to
 * maintenance at once and asks the server again; `refetchMs` checks that often, and whenever the
 * tab is back (the dashboard).
 */
export function useSite(opts: { refetchMs?: number } = {}) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onMaintenanceAnswer(() => {
        queryClient.setQueryData<SiteInfo>(SITE_QUERY_KEY, (old) => ({
          ...(old ?? currentSiteInfo()),
          maintenance: true,
        }));
        void queryClient.invalidateQueries({ queryKey: SITE_QUERY_KEY });
      }),
    [queryClient],
  );
  const site = useQuery({
    ...siteQueryOptions,
    ...(opts.refetchMs
      ? { refetchInterval: opts.refetchMs, refetchOnWindowFocus: 'always' as const }
      : {}),
  });
  return {
    site: site.data ?? DEFAULT_SITE_INFO,
    refetch: () => void site.refetch(),
    fetching: site.isFetching,
  };
}
