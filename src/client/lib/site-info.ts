import { useSyncExternalStore } from 'react';
import { DEFAULT_SETTINGS } from '../../shared/setting-definitions.ts';
import type { SiteInfo } from '../../shared/settings.ts';

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
export const pageSiteInfo = fromPage();

/**
 * The newest site info seen: the page's, then each answer of GET /v1/site (lib/site.ts). No query
 * client here, so the islands (islands/sign-in.tsx) can show the site name too.
 */
let latest: SiteInfo = pageSiteInfo ?? DEFAULT_SITE_INFO;
const listeners = new Set<() => void>();

export const currentSiteInfo = () => latest;
export const currentSiteName = () => latest.siteName;

export function setLatestSiteInfo(info: SiteInfo) {
  const renamed = info.siteName !== latest.siteName;
  latest = info;
  if (renamed) for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The site name, re-rendering when it changes. The build's pre-rendered HTML has the default name,
 * which the server replaces in `[data-site-name]` elements (plugins/client.ts), so a hydrated page
 * matches what this returns.
 */
export const useSiteName = () => useSyncExternalStore(subscribe, currentSiteName, currentSiteName);
