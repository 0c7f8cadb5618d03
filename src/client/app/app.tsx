import type { I18n } from '@lingui/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { LocaleProvider } from '../lib/i18n.tsx';
import { queryClient } from './query-client.ts';

/**
 * The providers around the router: `<RouterProvider>` in the browser (main.tsx),
 * `<StaticRouterProvider>` when scripts/prerender.tsx renders a public page at build time. Both
 * must give the same markup, or hydration fails. `i18n`: the catalogue's instance of the language
 * being rendered (the pre-renderer's; the browser's active one by default).
 */
export function App({ children, i18n }: { children: ReactNode; i18n?: I18n }) {
  return (
    <StrictMode>
      <LocaleProvider instance={i18n}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </LocaleProvider>
    </StrictMode>
  );
}
