import { lazy } from './format.ts';

/* Date formats of the admin area, apart from format.ts so the public pages do not load them. */

const clockTime = lazy(
  () => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' }),
);

/** The time of day, '3:04:05 PM', in the viewer's time zone ('Last updated' clocks). */
export const formatClockTime = (d: Date | number) => clockTime().format(d);

const shortDate = lazy(
  () => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
);

/** 'Jan 5, 2025', in the viewer's time zone (joined and created dates). */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : shortDate().format(d);
}

const timeOfDay = lazy(
  () => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }),
);
const dayAndTime = lazy(
  () =>
    new Intl.DateTimeFormat('en-US', {
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
export function formatTimeOfDay(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return (d.toDateString() === now.toDateString() ? timeOfDay : dayAndTime)().format(d);
}
