import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Me } from '../../shared/auth.ts';
import type { MessageId } from '../../shared/i18n/namespaces.ts';
import { THEMES, type Theme } from '../../shared/theme.ts';
import { apiFetch } from './api.ts';
import { notifyThemeChange } from './dark.ts';
import { ME_QUERY_KEY } from './me.ts';

/**
 * The colour theme: 'system' follows the device's setting, 'light' and 'dark' override it. The
 * signed-in user's choice is stored on the server (PATCH /v1/me) and, for the first paint and the
 * signed-out pages, on this device under THEME_KEY, which public/theme-init.js reads before the
 * page is drawn (so no light flash). Dark mode is the `dark` class on <html> (styles.css).
 */
export const THEME_KEY = 'vm-theme';

/** Each theme's name (catalogue keys: translate them where they are shown). */
export const THEME_LABELS: Record<Theme, MessageId> = {
  system: 'common.theme.system',
  light: 'common.theme.light',
  dark: 'common.theme.dark',
};

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
export { useIsDark } from './dark.ts';

function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return THEMES.find((t) => t === value) ?? 'system';
  } catch {
    return 'system';
  }
}

let current: Theme = typeof window === 'undefined' ? 'system' : storedTheme();

/** Puts the theme on <html> (the class and the colour scheme of form controls) and tells the hooks. */
function paint() {
  const dark = current === 'dark' || (current === 'system' && matchMedia(DARK_QUERY).matches);
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  listeners.forEach((l) => l());
  notifyThemeChange();
}

/** Shows `theme` now and remembers it on this device. */
export function setDeviceTheme(theme: Theme) {
  current = theme;
  try {
    if (theme === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage blocked: the theme still applies until the page is left.
  }
  paint();
}

/**
 * Starts following the device's setting (for 'system') and the signed-in user's stored choice:
 * whenever the session query has a user (a page load, a sign-in, a saved preference), its theme
 * is shown and kept on this device.
 */
export function followTheme(queryClient: QueryClient) {
  matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (current === 'system') paint();
  });
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== ME_QUERY_KEY[0]) return;
    const me = event.query.state.data as Me | null | undefined;
    if (me && me.theme !== current) setDeviceTheme(me.theme);
  });
  paint();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The chosen theme ('system', 'light' or 'dark'). */
export const useTheme = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    (): Theme => 'system',
  );

/**
 * Changes the signed-in user's theme: shown at once, then saved on the server (so every browser
 * they sign in on follows it); put back if the save fails.
 */
export function useSetTheme() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'theme'],
    mutationFn: (theme: Theme) => apiFetch<Me>('/v1/me', { method: 'PATCH', body: { theme } }),
    onMutate: (theme) => {
      // A session answer already on its way must not put the old theme back.
      void qc.cancelQueries({ queryKey: ME_QUERY_KEY });
      const previous = current;
      setDeviceTheme(theme);
      const me = qc.getQueryData<Me | null>(ME_QUERY_KEY);
      if (me) qc.setQueryData<Me>(ME_QUERY_KEY, { ...me, theme });
      return { previous, me };
    },
    onError: (_err, _theme, context) => {
      if (context?.me) qc.setQueryData<Me>(ME_QUERY_KEY, context.me);
      if (context) setDeviceTheme(context.previous);
    },
    // PATCH /v1/me answers without the admin access: keep what the session said.
    onSuccess: (me) => qc.setQueryData<Me>(ME_QUERY_KEY, (prev) => ({ ...prev, ...me })),
  });
}
