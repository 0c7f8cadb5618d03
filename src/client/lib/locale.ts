import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me } from '../../shared/auth.ts';
import { localeCookie, type Locale } from '../../shared/i18n/locales.ts';
import { apiFetch } from './api.ts';
import { activateLocale } from './app-catalog.ts';
import { activeLocale } from './i18n.tsx';
import { ME_QUERY_KEY } from './me.ts';

/*
 * The app's language (ADR 0020): a visitor's choice lives in the `vm_lang` cookie (which the
 * server reads for the pages it renders); a signed-in user's on the account, which wins, as the
 * theme does: whenever the session query has a user, its language is shown and kept in the cookie.
 */

/** Shows the app in `locale` now and remembers it on this device. */
export async function setDeviceLocale(locale: Locale) {
  document.cookie = localeCookie(locale, location.protocol === 'https:');
  if (locale !== activeLocale()) await activateLocale(locale);
}

/** Follows the signed-in user's saved language (a page load, a sign-in, a change elsewhere). */
export function followLocale(queryClient: QueryClient) {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== ME_QUERY_KEY[0]) return;
    const me = event.query.state.data as Me | null | undefined;
    if (me && me.locale !== activeLocale()) void setDeviceLocale(me.locale);
  });
}

/**
 * Changes the language: shown at once and kept on this device; for a signed-in user also saved on
 * the account (so every browser they use, and their mails and notifications, follow it), and put
 * back if that save fails.
 */
export function useSetLocale() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'locale'],
    mutationFn: async (locale: Locale) => {
      const me = qc.getQueryData<Me | null>(ME_QUERY_KEY);
      return me ? apiFetch<Me>('/v1/me', { method: 'PATCH', body: { locale } }) : null;
    },
    onMutate: async (locale) => {
      void qc.cancelQueries({ queryKey: ME_QUERY_KEY });
      const previous = activeLocale();
      const me = qc.getQueryData<Me | null>(ME_QUERY_KEY);
      if (me) qc.setQueryData<Me>(ME_QUERY_KEY, { ...me, locale });
      await setDeviceLocale(locale);
      return { previous, me };
    },
    onError: (_err, _locale, context) => {
      if (context?.me) qc.setQueryData<Me>(ME_QUERY_KEY, context.me);
      if (context) void setDeviceLocale(context.previous);
    },
    onSuccess: (me) => {
      if (me) qc.setQueryData<Me>(ME_QUERY_KEY, (prev) => ({ ...prev, ...me }));
    },
  });
}
