import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { IslandCatalog } from 'virtual:island-catalog';
import { activateMessages, documentLocale, LocaleProvider } from '../lib/i18n.tsx';

/** Tells tests and tools that the page's script has run (as static-page.ts does). */
function Ready({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.island = 'ready';
  }, []);
  return children;
}

/**
 * A React island on a pre-rendered page: `node` takes over the page's `[data-island-root]`
 * element, whose HTML scripts/prerender.tsx rendered from the same component inside the app. It
 * is hydrated (the HTML is kept), or, when its first render differs from that HTML (`fresh`, e.g.
 * /auth?error=link shows an extra message, or a shared page served without its data), rendered
 * afresh over it. React, react-dom and the component are all the page loads: no router, no query
 * client, no zod. Its text comes from `catalog`, the messages the island's modules use
 * (`virtual:island-catalog`, vite.config.ts), in the language the page was rendered in
 * (`<html lang>`), loaded before the first render so hydration matches.
 */
export async function mountIsland(
  node: ReactNode,
  catalog: IslandCatalog,
  { fresh = false }: { fresh?: boolean } = {},
) {
  const container = document.querySelector<HTMLElement>('[data-island-root]');
  if (!container) throw new Error('Missing [data-island-root] element');
  const locale = documentLocale();
  activateMessages(locale, await catalog[locale]());
  const app = (
    <StrictMode>
      <LocaleProvider>
        <Ready>{node}</Ready>
      </LocaleProvider>
    </StrictMode>
  );
  if (fresh) createRoot(container).render(app);
  // As a transition: React hydrates in slices, yielding to the browser, instead of in one long
  // task (the HTML is on screen meanwhile; an event before then hydrates its part first).
  else startTransition(() => void hydrateRoot(container, app));
}
