import { formatCount } from '../../lib/format.ts';

/** One labelled value of a chart (a day, an hour, a category). */
export type ChartPoint = { label: string; value: number };

/**
 * The accessible name of a line or bar chart: what it shows, the span, the total and the peak,
 * e.g. 'Line chart of New Users, Mar 1 to Mar 30: 42 in total, highest 7 on Mar 3.'
 */
export function seriesSummary(kind: 'Line' | 'Bar', series: string, points: ChartPoint[]): string {
  const head = `${kind} chart of ${series}`;
  if (points.length === 0) return `${head}: no data.`;
  const span =
    points.length === 1 ? points[0]!.label : `${points[0]!.label} to ${points.at(-1)!.label}`;
  const total = points.reduce((sum, p) => sum + p.value, 0);
  if (total === 0) return `${head}, ${span}: none.`;
  const peak = points.reduce((best, p) => (p.value > best.value ? p : best));
  return `${head}, ${span}: ${formatCount(total)} in total, highest ${formatCount(peak.value)} on ${peak.label}.`;
}

/**
 * The accessible name of a doughnut chart: every slice with its count and share, e.g.
 * 'Doughnut chart of Blog Categories: Security 4 (40%), Technical 6 (60%).'
 */
export function shareSummary(what: string, points: ChartPoint[]): string {
  const head = `Doughnut chart of ${what}`;
  const total = points.reduce((sum, p) => sum + p.value, 0);
  if (total === 0) return `${head}: no data.`;
  const parts = points.map(
    (p) => `${p.label} ${formatCount(p.value)} (${Math.round((p.value / total) * 100)}%)`,
  );
  return `${head}: ${parts.join(', ')}.`;
}
