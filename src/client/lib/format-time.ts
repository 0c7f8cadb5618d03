import { activeTag } from './active-language.ts';
import { perTag } from './format.ts';

/*
 * Date formats of the admin area, apart from format.ts so the public pages do not load them. Each
 * takes the language tag last (format.ts): the active language's by default.
 */

const clockTime = perTag(
  (tag) => new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit', second: '2-digit' }),
);

/** The time of day, '3:04:05 PM', in the viewer's time zone ('Last updated' clocks). */
export const formatClockTime = (d: Date | number, tag = activeTag()) => clockTime(tag).format(d);

const shortDate = perTag(
  (tag) => new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric' }),
);

/** 'Jan 5, 2025', in the viewer's time zone (joined and created dates). */
export function formatDate(iso: string, tag = activeTag()): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : shortDate(tag).format(d);
}

const timeOfDay = perTag(
  (tag) => new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit' }),
);
const dayAndTime = perTag(
  (tag) =>
    new Intl.DateTimeFormat(tag, {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

/**
 * The time of day, '3:04 PM', in the viewer's time zone (Recent Activity); for an earlier day
 * the date comes first, 'Mar 3, 3:04 PM', so times of different days are not mistaken for today.
 */
export function formatTimeOfDay(iso: string, now: Date = new Date(), tag = activeTag()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return (d.toDateString() === now.toDateString() ? timeOfDay : dayAndTime)(tag).format(d);
}
