import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_SETTINGS, type SiteInfo } from '../../shared/settings.ts';
import { apiGet, onMaintenanceAnswer } from './api.ts';

export const SITE_QUERY_KEY = ['site'] as const;

export const DEFAULT_SITE_INFO: SiteInfo = {
  siteName: DEFAULT_SETTINGS.site_name,
  siteDescription: DEFAULT_SETTINGS.site_description,
  contactEmail: DEFAULT_SETTINGS.contact_email,
  maintenance: DEFAULT_SETTINGS.maintenance_mode,
  blogEnabled: DEFAULT_SETTINGS.blog_enabled,
};

/**
 * The site info the server wrote into this page (plugins/client.ts, `#site-info`), so the first
 * render (a hydrated page above all) shows what the server sent. Absent when pre-rendering.
 */
function fromPage(): SiteInfo | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById('site-info')?.textContent;
  if (!text) return undefined;
  try {
    return { ...DEFAULT_SITE_INFO, ...(JSON.parse(text) as Partial<SiteInfo>) };
  } catch {
    return undefined;
  }
}
const pageInfo = fromPage();
const pageLoadedAt = Date.now();

/** The newest site info seen (for code outside React, e.g. document titles). */
let latest: SiteInfo = pageInfo ?? DEFAULT_SITE_INFO;
export const currentSiteName = () => latest.siteName;

/** GET /v1/site: site name, description, contact email, maintenance mode, blog on or off. */
export const siteQueryOptions = queryOptions({
  queryKey: SITE_QUERY_KEY,
  queryFn: async ({ signal }) => (latest = await apiGet<SiteInfo>('/v1/site', signal)),
  staleTime: 30_000,
  ...(pageInfo ? { initialData: pageInfo, initialDataUpdatedAt: pageLoadedAt } : {}),
});

/**
 * The site info (the defaults until known). A write answered 503 MAINTENANCE switches it to
 * maintenance at once and asks the server again; `refetchMs` checks now and then (the dashboard).
 */
export function useSite(opts: { refetchMs?: number } = {}) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onMaintenanceAnswer(() => {
        queryClient.setQueryData<SiteInfo>(SITE_QUERY_KEY, (old) => ({
          ...(old ?? latest),
          maintenance: true,
        }));
        void queryClient.invalidateQueries({ queryKey: SITE_QUERY_KEY });
      }),
    [queryClient],
  );
  const site = useQuery({
    ...siteQueryOptions,
    ...(opts.refetchMs ? { refetchInterval: opts.refetchMs } : {}),
  });
  return {
    site: site.data ?? DEFAULT_SITE_INFO,
    refetch: () => void site.refetch(),
    fetching: site.isFetching,
  };
}
