/**
 * Formatters are made on first use, not when this module loads: building one is a long task on a
 * slow phone, and the public pages that import this module may never need one.
 */
export const lazy = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

const integer = lazy(() => new Intl.NumberFormat('en-US'));

/** 12345 -> "12,345" */
export const formatCount = (n: number) => integer().format(n);

/** A count and its noun: "1 number", "12,345 numbers" (`many` defaults to the noun + "s"). */
export const countOf = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Age of a timestamp in the product's units: 'just now', '5m ago', '3h ago', '2d ago'. */
export function formatAge(iso: string, now: Date = new Date()): string {
  const ms = now.getTime() - new Date(iso).getTime();
  if (!Number.isFinite(ms) || ms < MINUTE) return 'just now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}m ago`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h ago`;
  return `${Math.floor(ms / DAY)}d ago`;
}

const messageTime = lazy(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const messageTimeWithYear = lazy(
  () =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const fullTime = lazy(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'long' }),
);

/** 'Jan 5, 3:04 PM' (with the year when it is not this year), in the viewer's time zone. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return (d.getFullYear() === now.getFullYear() ? messageTime : messageTimeWithYear)().format(d);
}

/** The long form for a tooltip: 'Sunday, January 5, 2025 at 3:04:05 PM GMT+1'. */
export function formatFullTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : fullTime().format(d);
}
