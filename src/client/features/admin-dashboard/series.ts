import type { ChartPoint } from '../../components/charts/summary.ts';

const dayFormat = (tag: string) =>
  new Intl.DateTimeFormat(tag, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * '2025-03-05' → 'Mar 5' in the language of `tag` (the series' days are UTC days, so they are
 * read as UTC).
 */
export function formatDay(isoDate: string, format = dayFormat('en')): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? isoDate : format.format(d);
}

/** A daily series from the API as chart points, oldest first as sent, days in `tag`'s language. */
export function dailyPoints(days: { date: string; count: number }[], tag: string): ChartPoint[] {
  const format = dayFormat(tag);
  return days.map((d) => ({ label: formatDay(d.date, format), value: d.count }));
}

/** Whether a series has anything to draw. */
export const hasAny = (points: ChartPoint[]) => points.some((p) => p.value > 0);
