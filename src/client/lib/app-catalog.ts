import type { Messages } from '@lingui/core';
import {
  DEFAULT_LOCALE,
  localeOfCookie,
  localeOfLanguages,
  type Locale,
} from '../../shared/i18n/locales.ts';
import { APP_NAMESPACES } from '../../shared/i18n/namespaces.ts';
import { activateMessages } from './i18n.tsx';

/*
 * The app's catalogue (ADR 0020): one lazy chunk per language and namespace, so a switch of
 * language downloads that language only. The public pages' islands load less (vite.config.ts).
 */

// A function, so that merely importing this module outside Vite (the pre-renderer) works.
const catalogs = () =>
  import.meta.glob<Messages>(
    ['../../shared/i18n/catalog/*/*.json', '!../../shared/i18n/catalog/*/server.json'],
    { import: 'default' },
  );

/** Loads the app's namespaces of `locale` and makes it the active language. */
export async function activateLocale(locale: Locale) {
  const parts = await Promise.all(
    APP_NAMESPACES.map((ns) => {
      const load = catalogs()[`../../shared/i18n/catalog/${locale}/${ns}.json`];
      if (!load) throw new Error(`No catalogue ${locale}/${ns}`);
      return load();
    }),
  );
  activateMessages(locale, Object.assign({}, ...parts) as Messages);
}

/**
 * The language the app starts in: the visitor's choice (the cookie), else the browser's own
 * (`navigator.languages`), else English.
 */
export const initialLocale = (): Locale =>
  localeOfCookie(document.cookie) ??
  localeOfLanguages(navigator.languages ?? [navigator.language]) ??
  DEFAULT_LOCALE;
