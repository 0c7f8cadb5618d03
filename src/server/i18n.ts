import fs from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { FastifyRequest } from 'fastify';
import { compileCatalog } from '../shared/i18n/compile.ts';
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_TAGS,
  LOCALES,
  isLocale,
  negotiateLocale,
  type Locale,
} from '../shared/i18n/locales.ts';
import { NAMESPACES, type MessageId, type MessageValues } from '../shared/i18n/namespaces.ts';
import { projectRoot } from './paths.ts';
import { readMessage } from '../shared/validation-message.ts';

/*
 * The catalogue on the server (ADR 0020): every namespace of every language, compiled once at
 * start-up. API error messages, sign-in mails, notification texts and the server-rendered pages
 * all translate through here; English fills any key a language lacks (the catalogue test keeps
 * that from happening).
 */

export const catalogDir = path.join(projectRoot, 'src/shared/i18n/catalog');

function readLocale(locale: Locale): Messages {
  const messages: Record<string, string> = {};
  for (const ns of NAMESPACES) {
    const file = path.join(catalogDir, locale, `${ns}.json`);
    Object.assign(messages, JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>);
  }
  return compileCatalog(messages);
}

let instances: Map<Locale, I18n> | undefined;

/** The catalogue's instance for one language (built on first use, then shared). */
export function i18nFor(locale: Locale): I18n {
  if (!instances) {
    const english = readLocale(DEFAULT_LOCALE);
    instances = new Map(
      LOCALES.map((l) => [
        l,
        setupI18n({
          locale: l,
          messages: { [l]: l === DEFAULT_LOCALE ? english : { ...english, ...readLocale(l) } },
        }),
      ]),
    );
  }
  return instances.get(locale)!;
}

/** One message in one language. */
export const translate = (locale: Locale, id: MessageId, values?: MessageValues): string =>
  i18nFor(locale)._(id, values);

/** `translate` in one language, for a text made of several messages (a mail, a notification). */
export const translator =
  (locale: Locale) =>
  (id: MessageId, values?: MessageValues): string =>
    translate(locale, id, values);

/** A message bound to its values, translated when its language is known (an API error's). */
export type Message = { id: MessageId; values?: MessageValues };

const cookieLocale = (req: FastifyRequest): Locale | null => {
  const value = req.cookies?.[LOCALE_COOKIE];
  return isLocale(value) ? value : null;
};
const headerLocale = (req: FastifyRequest): Locale | null =>
  negotiateLocale(req.headers['accept-language']);

/**
 * The language of an API answer's human text: the request's `Accept-Language` (the app sends its
 * active language), then the language cookie, then English.
 */
export const apiLocale = (req: FastifyRequest): Locale =>
  headerLocale(req) ?? cookieLocale(req) ?? DEFAULT_LOCALE;

/*
 * Texts for people that the server keeps (why it turned a webhook or channel off) or hands on
 * from deep inside (a pasted line's error, a date check's) are catalogue messages as text, `key`
 * or `key {"values"}` (`messageText`, shared/validation-message.ts), made into the reader's
 * language where they are answered.
 */

/** A stored text in `locale`: a catalogue message translated; any other text as it was written. */
export function storedText(locale: Locale, text: string): string {
  const m = readMessage(text, ['server', 'validation']);
  if (!m || !(m.id in i18nFor(DEFAULT_LOCALE).messages)) return text;
  return i18nFor(locale)._(m.id, m.values);
}

/** A webhook or channel as answered: why it was turned off, in the reader's language. */
export const withReason = <T extends { disabledReason: string | null }>(
  req: FastifyRequest,
  dto: T,
): T =>
  dto.disabledReason === null
    ? dto
    : { ...dto, disabledReason: storedText(apiLocale(req), dto.disabledReason) };

/**
 * The language of a page the server renders: the visitor's choice (the cookie), then
 * `Accept-Language`, then English.
 */
export const pageLocale = (req: FastifyRequest): Locale =>
  cookieLocale(req) ?? headerLocale(req) ?? DEFAULT_LOCALE;

/*
 * Dates and durations in texts for people (mails, notifications), through Intl in their language.
 * Dates are UTC days and times (what the events carry; the texts say UTC where a time shows).
 * English keeps the product's ISO forms (2026-03-05, 2026-03-05 14:30): its texts are the spec's.
 */

/** A calendar day: '2026-03-05' in English, '5 марта 2026 г.', '2026年3月5日', '5 de marzo de 2026'. */
export function formatDay(locale: Locale, date: Date): string {
  if (locale === DEFAULT_LOCALE) return date.toISOString().slice(0, 10);
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

/** A day and time in UTC: '2026-03-05 14:30' in English, '5 мар. 2026 г., 14:30' in Russian. */
export function formatDateTime(locale: Locale, date: Date): string {
  if (locale === DEFAULT_LOCALE) return date.toISOString().slice(0, 16).replace('T', ' ');
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
}

/** A time from now: 'in 3 days', 'через 3 дня', '3天后', 'dentro de 3 días'. */
export const formatIn = (locale: Locale, value: number, unit: 'minute' | 'day'): string =>
  new Intl.RelativeTimeFormat(LOCALE_TAGS[locale], { numeric: 'always' }).format(value, unit);

/** A length of time: '14 days', '14 дней', '14天', '14 días'. */
export const formatDuration = (locale: Locale, value: number, unit: 'day'): string =>
  new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value);
