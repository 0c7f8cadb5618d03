import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from '../../../shared/i18n/locales.ts';
import { pageLocale, translate } from '../../i18n.ts';
import { sendError } from '../../plugins/errors.ts';
import { MAINTENANCE_RETRY_AFTER, settingsErrors } from './settings.errors.ts';
import type { SettingsService } from './settings.service.ts';
import { escapeHtml } from '../../html.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Pages a non-admin still gets in maintenance mode: sign-in (for admins), the admin area, and the
 * shared pages (/api/{hash}, /single/{hash}): owners give those to their customers, who wait on
 * them for a code, so they keep working (with their reads, streams and Copy Number's marks).
 */
const OPEN_PAGES = /^\/(?:auth|verify-email|admin|api|single)(?:\/|$)/;
/**
 * Writes that go on: the shared pages' (Copy Number marks the number as expecting a code) and
 * page views (analytics), which change no one's data.
 */
const OPEN_WRITES = /^\/v1\/(?:public\/(?:pages|single)\/|analytics\/events$)/;
const FEEDS = new Set(['/sitemap.xml', '/rss.xml']);
export const isApiPath = (p: string) => p === '/v1' || p.startsWith('/v1/') || p === '/healthz';

/**
 * What maintenance mode changes for a request, or null when it is served as usual:
 * - `api`: a write under /v1 (not /v1/auth/*, so admins can sign in, nor /v1/admin/*, left to its
 *   own guard, nor OPEN_WRITES). The matched route decides, not the raw URL:
 *   `/%761/contact` routes to /v1/contact.
 * - `feed`: the sitemap and the RSS feed, like the pages they list.
 * - `page`: any other GET that is not an API path, an asset (scripts, styles, icons keep being
 *   served) or one of the open pages.
 */
function affected(req: FastifyRequest): 'api' | 'feed' | 'page' | null {
  const route = req.routeOptions.url;
  if (route && FEEDS.has(route)) return 'feed';
  if (route?.startsWith('/v1/'))
    return READS.has(req.method) || /^\/v1\/(auth|admin)\//.test(route) || OPEN_WRITES.test(route)
      ? null
      : 'api';
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const pathname = req.url.split('?')[0]!;
  if (isApiPath(pathname) || OPEN_PAGES.test(pathname)) return null;
  if (/\.[a-z0-9]{1,12}$/i.test(pathname) && !pathname.endsWith('.html')) return null;
  // The service worker's offline page (server/offline-page.ts; it caches it when it installs).
  if (pathname === '/offline.html') return null;
  return 'page';
}

/**
 * Maintenance mode, every answer it changes, in one hook: 503 with Retry-After and no-store for
 * API writes (MAINTENANCE), pages (the maintenance page) and feeds (plain text). Active admins
 * still write and browse; feeds are down for everyone. Reads of the API keep working. Registered
 * after the sessions hook, so `req.user` is known for /v1 routes; a page's viewer is read from its
 * cookie. Answered here rather than thrown: an expected 503, not a server error to log.
 */
export function registerMaintenance(app: FastifyInstance, settings: SettingsService) {
  app.addHook('onRequest', async (req, reply) => {
    const kind = affected(req);
    if (!kind) return;
    const s = await settings.current();
    if (!s.maintenance_mode) return;
    if (kind === 'api' && req.user?.admin) return;
    if (kind === 'page' && (await app.auth.viewer(req))?.admin) return;
    reply.header('cache-control', 'no-store');
    // The API's answer is its error (MAINTENANCE, with Retry-After); the others say it their way.
    if (kind === 'api') return sendError(reply, settingsErrors.maintenance());
    reply.status(503).header('retry-after', String(MAINTENANCE_RETRY_AFTER));
    if (kind === 'feed')
      return reply.type('text/plain; charset=utf-8').send('Down for maintenance');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-language', LOCALE_TAGS[pageLocale(req)])
      .send(maintenancePage(s.site_name, pageLocale(req)));
  });
}

/**
 * The page a non-admin gets for any page while the site is in maintenance: self-contained (inline
 * styles in the site's colours, dark when the system asks for it; no script), so it needs nothing
 * else the server serves. It loads itself again after Retry-After, so an open one turns back into
 * the page once maintenance ends.
 */
export function maintenancePage(siteName: string, locale: Locale = DEFAULT_LOCALE): string {
  const name = escapeHtml(siteName);
  const title = escapeHtml(translate(locale, 'server.pages.maintenanceTitle'));
  return `<!doctype html>
<html lang="${LOCALE_TAGS[locale]}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <meta http-equiv="refresh" content="${MAINTENANCE_RETRY_AFTER}" />
    <meta name="theme-color" content="#1e3a8a" />
    <meta name="color-scheme" content="light dark" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>${title} · ${name}</title>
    <style>
      *{box-sizing:border-box}
      body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:1rem;
        font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
        background:#f8fafc;color:#0f172a;line-height:1.5}
      main{width:100%;max-width:28rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;
        box-shadow:0 1px 3px rgba(15,23,42,.08);padding:2rem;text-align:center}
      .brand{display:inline-flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.125rem;color:#1e3a8a}
      .mark{display:inline-flex;width:2rem;height:2rem;align-items:center;justify-content:center;
        border-radius:.5rem;background:#1e3a8a;color:#2dd4bf}
      h1{margin:1.5rem 0 .5rem;font-size:1.5rem;line-height:2rem}
      p{margin:0;color:#475569}
      a{color:#1d4ed8;font-weight:500}
      .admin{margin-top:1.5rem;font-size:.875rem}
      @media (prefers-color-scheme:dark){
        body{background:#0a1120;color:#f1f5f9}
        main{background:#111a2e;border-color:#2c3a50}
        .brand{color:#cfdefe}
        p{color:#b8c3d2}
        a{color:#93b4fb}
      }
    </style>
  </head>
  <body>
    <main>
      <span class="brand"><span class="mark" aria-hidden="true"><svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384"/></svg></span>${name}</span>
      <h1>${title}</h1>
      <p>${escapeHtml(translate(locale, 'server.pages.maintenanceText', { siteName }))}</p>
      <p class="admin"><a href="/auth">${escapeHtml(translate(locale, 'server.pages.maintenanceAdminLink'))}</a></p>
    </main>
  </body>
</html>
`;
}
