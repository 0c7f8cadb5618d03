import { activeTag } from './active-language.ts';
import type { Translate } from './i18n.tsx';

/*
 * Numbers, dates and times in the reader's language (ADR 0020) and time zone (the browser's). Each
 * formatter takes the BCP 47 tag to format for as its last argument: a component passes its
 * provider's (`useLocale().tag`; a component the server renders must), and without it the active
 * language's is used (lib/active-language.ts). The helpers that put words around a value (ages, days left) take the
 * translate function first (`useT()` in a component).
 */

/**
 * Formatters are made on first use, not when this module loads: building one is a long task on a
 * slow phone, and the public pages that import this module may never need one.
 */
export const lazy = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/** Like {@link lazy}, one formatter per language tag. */
export const perTag = <T>(make: (tag: string) => T) => {
  const made = new Map<string, T>();
  return (tag: string) => {
    let value = made.get(tag);
    if (value === undefined) made.set(tag, (value = make(tag)));
    return value;
  };
};

const integer = perTag((tag) => new Intl.NumberFormat(tag));

/** 12345 -> "12,345" (en), "12 345" (ru). */
export const formatCount = (n: number, tag = activeTag()) => integer(tag).format(n);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Age of a timestamp in the product's units: 'just now', '5m ago', '3h ago', '2d ago'. */
export function formatAge(t: Translate, iso: string, now: Date = new Date()): string {
  const ms = now.getTime() - new Date(iso).getTime();
  if (!Number.isFinite(ms) || ms < MINUTE) return t('common.time.justNow');
  if (ms < HOUR) return t('common.time.minutesAgo', { count: Math.floor(ms / MINUTE) });
  if (ms < DAY) return t('common.time.hoursAgo', { count: Math.floor(ms / HOUR) });
  return t('common.time.daysAgo', { count: Math.floor(ms / DAY) });
}

const messageTime = perTag(
  (tag) =>
    new Intl.DateTimeFormat(tag, {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const messageTimeWithYear = perTag(
  (tag) =>
    new Intl.DateTimeFormat(tag, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const fullTime = perTag(
  (tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeStyle: 'long' }),
);

/** 'Jan 5, 3:04 PM' (with the year when it is not this year), in the viewer's time zone. */
export function formatMessageTime(iso: string, now: Date = new Date(), tag = activeTag()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return (d.getFullYear() === now.getFullYear() ? messageTime : messageTimeWithYear)(tag).format(d);
}

/** The long form for a tooltip: 'Sunday, January 5, 2025 at 3:04:05 PM GMT+1'. */
export function formatFullTime(iso: string, tag = activeTag()): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : fullTime(tag).format(d);
}
