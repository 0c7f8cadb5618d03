/**
 * The languages the product speaks and how a request or a browser picks one (ADR 0020). No zod and
 * no catalogue here: the islands load this module.
 */
export const LOCALES = ['en', 'zh', 'ru', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/** English is the reference: the spec's exact strings, and the answer when nothing else matches. */
export const DEFAULT_LOCALE: Locale = 'en';

/** A visitor's choice (the switcher sets it; the account keeps a signed-in user's). */
export const LOCALE_COOKIE = 'vm_lang';

/** Each language in its own words, as the switcher lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  zh: '简体中文',
  ru: 'Русский',
  es: 'Español',
};

/** The BCP 47 tag for `<html lang>` and for `Intl` (dates, numbers, plural rules). */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: 'en',
  zh: 'zh-CN',
  ru: 'ru',
  es: 'es',
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The language of one tag ('zh-Hans-CN', 'ru-RU', 'es-419', 'EN'): its primary subtag, if ours. */
export function localeOfTag(tag: string): Locale | null {
  const primary = tag.trim().split(/[-_]/)[0]!.toLowerCase();
  return isLocale(primary) ? primary : null;
}

/**
 * The best of our languages for an `Accept-Language` header (RFC 9110: tags with optional
 * `;q=` weights; `*` and unknown tags match nothing here), or null when none is ours.
 */
export function negotiateLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  const parts = header.slice(0, 1000).split(',');
  for (const part of parts) {
    const [tag = '', ...params] = part.split(';');
    const locale = localeOfTag(tag);
    if (!locale) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0 && q <= 1)) continue;
    if (!best || q > best.q) best = { locale, q };
  }
  return best?.locale ?? null;
}

/** The first of the browser's languages (`navigator.languages`) that is ours. */
export function localeOfLanguages(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return null;
}

/** The value of the language cookie in a `Cookie` header or `document.cookie`, if it names one of ours. */
export function localeOfCookie(cookieHeader: string | null | undefined): Locale | null {
  const match = /(?:^|;\s*)vm_lang=([^;]*)/.exec(cookieHeader ?? '');
  const value = match?.[1];
  return isLocale(value) ? value : null;
}

/** The cookie a visitor's choice is kept in for a year (read by the server for its pages). */
export const localeCookie = (locale: Locale, secure: boolean) =>
  `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
