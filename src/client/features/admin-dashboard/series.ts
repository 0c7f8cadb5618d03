import { lazy } from '../../lib/format.ts';
import type { ChartPoint } from '../../components/charts/summary.ts';

const dayLabel = lazy(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
);

/** '2025-03-05' → 'Mar 5' (the series' days are UTC days, so they are read as UTC). */
export function formatDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? isoDate : dayLabel().format(d);
}

/** A daily series from the API as chart points, oldest first as sent. */
export const dailyPoints = (days: { date: string; count: number }[]): ChartPoint[] =>
  days.map((d) => ({ label: formatDay(d.date), value: d.count }));

/** Whether a series has anything to draw. */
export const hasAny = (points: ChartPoint[]) => points.some((p) => p.value > 0);
