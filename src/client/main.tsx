import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { App } from './app/app.tsx';
import { queryClient } from './app/query-client.ts';
import { routes } from './app/router.tsx';
import { trackPageViews } from './lib/analytics.ts';
import { activateLocale, initialLocale } from './lib/app-catalog.ts';
import { documentLocale } from './lib/i18n.tsx';
import { followTheme } from './lib/theme.ts';
import { followLocale } from './lib/locale.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// The device's and the signed-in user's theme (public/theme-init.js already drew the first paint).
followTheme(queryClient);
followLocale(queryClient);

/** Loads the lazy modules of the routes matching this URL into the route objects. */
async function resolveLazyRoutes() {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const mod = await route.lazy();
      Object.assign(route, { ...mod, lazy: undefined });
    }),
  );
}

/**
 * Public pages arrive pre-rendered (scripts/prerender.tsx marks #root with the path it rendered);
 * of those, only /contact loads this script: the others load an island instead
 * (islands/static-page.ts, or a React island of their form for /auth and /date-checker; ADR 0011).
 * Its lazy route modules are loaded before the first render, so that render is the page itself, as
 * in the HTML, not the router's fallback (React Router's documented way to hydrate lazy routes).
 * Hydrate when this is that path with no query string; a query can change what a page shows, so
 * then render afresh over the same-looking HTML. The SPA shell (dashboard and every other path)
 * renders from scratch; when the server put HTML of its own in it (the blog), the route modules are
 * loaded first here as well.
 */
async function start(container: HTMLElement) {
  const prerendered = container.dataset.prerendered;
  // The blog's pages come with a server-rendered copy of the article in #root (for crawlers and
  // readers without JavaScript), not pre-rendered: load their route modules first too, so the
  // first render replaces that copy with the page, not with the router's spinner.
  const serverHtml = !prerendered && container.firstElementChild !== null;
  // The catalogue of the page's language first: every screen's text comes from it (ADR 0020). A
  // pre-rendered page was rendered in its `<html lang>`; the rest start in the visitor's choice.
  const language = activateLocale(prerendered ? documentLocale() : initialLocale());
  // A chunk that fails to load here is left to the router, which tries again and shows its error.
  if (prerendered || serverHtml) await resolveLazyRoutes().catch(() => {});
  await language;
  const router = createBrowserRouter(routes);
  // A page view now and on each change of path (lib/analytics.ts).
  trackPageViews(router);
  const app = (
    <App>
      <RouterProvider router={router} />
    </App>
  );
  if (prerendered === location.pathname && !location.search) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start(root);
