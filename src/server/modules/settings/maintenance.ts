import type { FastifyInstance } from 'fastify';
import {
  MAINTENANCE_ADMIN_LINK,
  MAINTENANCE_TITLE,
  maintenanceText,
} from '../../../shared/settings.ts';
import { sendError } from '../../plugins/errors.ts';
import { settingsErrors } from './settings.errors.ts';
import type { SettingsService } from './settings.service.ts';
import { escapeHtml } from '../../html.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Maintenance mode for the API: a write under /v1 from anyone but an active admin answers 503
 * MAINTENANCE with Retry-After. Sign-in and sign-out (/v1/auth/*) keep working, and /v1/admin/*
 * is left to its own guard (401/403 for non-admins). Reads keep working. Registered after the
 * sessions hook, so `req.user` is known. Answered here rather than thrown: an expected 503, not a
 * server error to log.
 */
export function registerMaintenanceGuard(app: FastifyInstance, settings: SettingsService) {
  app.addHook('onRequest', async (req, reply) => {
    if (READS.has(req.method)) return;
    // The matched route, not the raw URL: `/%761/contact` routes to /v1/contact too.
    const route = req.routeOptions.url;
    if (!route?.startsWith('/v1/') || /^\/v1\/(auth|admin)\//.test(route)) return;
    if (req.user?.admin) return;
    if (!(await settings.current()).maintenance_mode) return;
    return sendError(reply.header('cache-control', 'no-store'), settingsErrors.maintenance());
  });
}

/**
 * The page a non-admin gets for any page while the site is in maintenance: self-contained (inline
 * styles in the site's colours, no script), so it needs nothing else the server serves.
 */
export function maintenancePage(siteName: string): string {
  const name = escapeHtml(siteName);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <meta name="theme-color" content="#1e3a8a" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>${escapeHtml(MAINTENANCE_TITLE)} · ${name}</title>
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
    </style>
  </head>
  <body>
    <main>
      <span class="brand"><span class="mark" aria-hidden="true"><svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384"/></svg></span>${name}</span>
      <h1>${escapeHtml(MAINTENANCE_TITLE)}</h1>
      <p>${escapeHtml(maintenanceText(siteName))}</p>
      <p class="admin"><a href="/auth">${escapeHtml(MAINTENANCE_ADMIN_LINK)}</a></p>
    </main>
  </body>
</html>
`;
}
