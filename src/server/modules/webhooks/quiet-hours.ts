import type { QuietHours } from '../../../shared/channels.ts';

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time at `at` in `timeZone`: minutes since midnight, and the seconds past. */
function wallClock(at: Date, timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  const part = (type: string) => Number(f.formatToParts(at).find((p) => p.type === type)!.value);
  return { minute: part('hour') * 60 + part('minute'), second: part('second') };
}

/**
 * When the quiet hours `q` around `at` end, or null when `at` is outside them. The window runs
 * from `start` (included) to `end` (excluded) in the owner's time zone and may span midnight
 * (22:00 to 07:00). On a day the clocks change the end can be an hour off; a delivery due then
 * is simply held once more.
 */
export function quietUntil(q: QuietHours, at: Date): Date | null {
  const start = minutes(q.start);
  const end = minutes(q.end);
  const { minute, second } = wallClock(at, q.timeZone);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  const left = (end - minute + 1440) % 1440;
  const ms = left * 60_000 - second * 1000 - (at.getTime() % 1000);
  return new Date(at.getTime() + ms);
}
