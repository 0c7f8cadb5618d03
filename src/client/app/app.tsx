import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/**
 * The providers around the router: `<RouterProvider>` in the browser (main.tsx),
 * `<StaticRouterProvider>` when scripts/prerender.tsx renders a public page at build time. Both
 * must give the same markup, or hydration fails.
 */
export function App({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </StrictMode>
  );
}
