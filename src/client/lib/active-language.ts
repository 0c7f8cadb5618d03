import {
  DEFAULT_LOCALE,
  LOCALE_TAGS,
  localeOfTag,
  type Locale,
} from '../../shared/i18n/locales.ts';

/*
 * The active language (ADR 0020) for the modules the pre-rendered pages' plain script loads too
 * (lib/api.ts, lib/format.ts): read from `<html lang>`, which `activateLocale` (lib/i18n.tsx) sets
 * and a pre-rendered page is served with, so they need neither React nor the catalogue's runtime.
 * English where there is no page (the server's renderer, unit tests).
 */

export const activeLanguage = (): Locale =>
  (typeof document === 'undefined' ? null : localeOfTag(document.documentElement.lang)) ??
  DEFAULT_LOCALE;

/** The active language's BCP 47 tag, for Intl. */
export const activeTag = (): string => LOCALE_TAGS[activeLanguage()];
