import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

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
 * /auth?error=link shows an extra message), rendered afresh over it. React, react-dom and the
 * component are all the page loads: no router, no query client, no zod.
 */
export function mountIsland(node: ReactNode, { fresh = false }: { fresh?: boolean } = {}) {
  const container = document.querySelector<HTMLElement>('[data-island-root]');
  if (!container) throw new Error('Missing [data-island-root] element');
  const app = (
    <StrictMode>
      <Ready>{node}</Ready>
    </StrictMode>
  );
  if (fresh) createRoot(container).render(app);
  else hydrateRoot(container, app);
}
