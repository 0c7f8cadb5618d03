import { i18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import {
  DEFAULT_LOCALE,
  LOCALE_TAGS,
  localeOfTag,
  type Locale,
} from '../../shared/i18n/locales.ts';
import type { MessageId, MessageValues } from '../../shared/i18n/namespaces.ts';
import { translateErrorsWith } from './api.ts';

/*
 * The catalogue in the browser (ADR 0020), compiled at build time (vite.config.ts): the app loads
 * its namespaces in one language (lib/app-catalog.ts); a public page's island only the messages
 * its own modules use (`virtual:island-catalog`). Components translate with `useT()` / `<T>` (they
 * follow the provider's instance: the browser's here, a per-language one when the server renders);
 * code outside React with `t()`.
 */

/** Makes `messages` of `locale` the active language (also `<html lang>`). */
export function activateMessages(locale: Locale, messages: Messages) {
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = LOCALE_TAGS[locale];
}

/** The language a server-rendered page was rendered in (its `<html lang>`). */
export const documentLocale = (): Locale =>
  localeOfTag(document.documentElement.lang) ?? DEFAULT_LOCALE;

/** The active language, for code outside React (the API client's Accept-Language, Intl). */
export const activeLocale = (): Locale => (i18n.locale as Locale) || DEFAULT_LOCALE;

/** Translates outside React, in the active language. In components use {@link useT}. */
export const t = (id: MessageId, values?: MessageValues): string => i18n._(id, values);

export type Translate = typeof t;

// The API client's own errors (no answer, an answer that is not ours) in the active language.
translateErrorsWith((id, values) => (i18n.locale ? i18n._(id, values) : id));

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
 * (a link, a bold word), `<0/>` becomes `components[0]` itself, so a translation can move them.
 * Elements are never nested (catalog.test.ts holds the catalogue to that), which is all this
 * needs; Lingui's `<Trans>`, which also nests, cost every island 0.6 KB gzipped more.
 */
export function T({
  id,
  values,
  components = {},
}: {
  id: MessageId;
  values?: MessageValues;
  components?: Record<string, ReactElement>;
}) {
  const text = useT()(id, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(ELEMENT)) {
    parts.push(text.slice(last, m.index));
    const element = components[m[1] ?? m[3]!];
    const inner = m[2];
    parts.push(
      element
        ? cloneElement(element, { key: m.index }, ...(inner === undefined ? [] : [inner]))
        : inner,
    );
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

const ELEMENT = /<(\d+)>(.*?)<\/\1>|<(\d+)\/>/gs;

/** The catalogue's provider: the browser's instance, or the one the server renders a page with. */
export function LocaleProvider({ children, instance }: { children: ReactNode; instance?: I18n }) {
  return <I18nProvider i18n={instance ?? i18n}>{children}</I18nProvider>;
}
