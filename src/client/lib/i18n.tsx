import { i18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider, Trans, useLingui } from '@lingui/react';
import type { ReactElement, ReactNode } from 'react';
import {
  DEFAULT_LOCALE,
  LOCALE_TAGS,
  localeOfCookie,
  localeOfLanguages,
  localeOfTag,
  type Locale,
} from '../../shared/i18n/locales.ts';
import type { MessageId, MessageValues, Namespace } from '../../shared/i18n/namespaces.ts';

/*
 * The catalogue in the browser (ADR 0020): one lazy chunk per language and namespace, compiled at
 * build time (vite.config.ts), so a page downloads only its namespaces in only its language.
 * Components translate with `useT()` / `<T>` (they follow the provider's instance: the browser's
 * here, a per-language one when the server renders); code outside React with `t()`.
 */

// A function, so that merely importing this module outside Vite (the pre-renderer) works.
const catalogs = () =>
  import.meta.glob<Messages>(
    ['../../shared/i18n/catalog/*/*.json', '!../../shared/i18n/catalog/*/server.json'],
    { import: 'default' },
  );

/** Loads `namespaces` of `locale` and makes it the active language (also `<html lang>`). */
export async function activateLocale(locale: Locale, namespaces: readonly Namespace[]) {
  const parts = await Promise.all(
    namespaces.map((ns) => {
      const load = catalogs()[`../../shared/i18n/catalog/${locale}/${ns}.json`];
      if (!load) throw new Error(`No catalogue ${locale}/${ns}`);
      return load();
    }),
  );
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...parts) as Messages });
  document.documentElement.lang = LOCALE_TAGS[locale];
}

/** The language a server-rendered page was rendered in (its `<html lang>`). */
export const documentLocale = (): Locale =>
  localeOfTag(document.documentElement.lang) ?? DEFAULT_LOCALE;

/** The browser's own preference among our languages (`navigator.languages`), else English. */
export const browserLocale = (): Locale =>
  localeOfLanguages(navigator.languages ?? [navigator.language]) ?? DEFAULT_LOCALE;

/** The language the app starts in: the visitor's choice (the cookie), else the browser's. */
export const initialLocale = (): Locale => localeOfCookie(document.cookie) ?? browserLocale();

/** The active language, for code outside React (the API client's Accept-Language, Intl). */
export const activeLocale = (): Locale => (i18n.locale as Locale) || DEFAULT_LOCALE;

/** Translates outside React, in the active language. In components use {@link useT}. */
export const t = (id: MessageId, values?: MessageValues): string => i18n._(id, values);

export type Translate = typeof t;

/** The translate function of the nearest provider; a component using it re-renders on a switch. */
export function useT(): Translate {
  return useLingui()._ as Translate;
}

/** The provider's language and its BCP 47 tag (for Intl). */
export function useLocale(): { locale: Locale; tag: string } {
  const locale = useLingui().i18n.locale as Locale;
  return { locale, tag: LOCALE_TAGS[locale] ?? LOCALE_TAGS[DEFAULT_LOCALE] };
}

/**
 * A message with elements in it: `<0>…</0>` in the text becomes `components[0]` around its part
 * (a link, a bold word), so a translation can move them.
 */
export function T({
  id,
  values,
  components,
}: {
  id: MessageId;
  values?: MessageValues;
  components?: Record<string, ReactElement>;
}) {
  return <Trans id={id} values={values} components={components} />;
}

/** The catalogue's provider: the browser's instance, or the one the server renders a page with. */
export function LocaleProvider({ children, instance }: { children: ReactNode; instance?: I18n }) {
  return <I18nProvider i18n={instance ?? i18n}>{children}</I18nProvider>;
}
