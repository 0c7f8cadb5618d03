import type { Translate } from '../../lib/i18n.tsx';

/** One labelled value of a chart (a day, an hour, a category). */
export type ChartPoint = { label: string; value: number };

/**
 * The accessible name of a line or bar chart: what it shows, the span, the total and the peak,
 * e.g. 'Line chart of New Users, Mar 1 to Mar 30: 42 in total, highest 7 on Mar 3.'
 */
export function seriesSummary(
  t: Translate,
  kind: 'line' | 'bar',
  series: string,
  points: ChartPoint[],
): string {
  if (points.length === 0) return t('admin.charts.seriesNoData', { kind, series });
  const span =
    points.length === 1
      ? points[0]!.label
      : t('admin.charts.span', { from: points[0]!.label, to: points.at(-1)!.label });
  const total = points.reduce((sum, p) => sum + p.value, 0);
  if (total === 0) return t('admin.charts.seriesNone', { kind, series, span });
  const peak = points.reduce((best, p) => (p.value > best.value ? p : best));
  return t('admin.charts.seriesSummary', {
    kind,
    series,
    span,
    total,
    peak: peak.value,
    peakLabel: peak.label,
  });
}

/**
 * The accessible name of a doughnut chart: every slice with its count and share, e.g.
 * 'Doughnut chart of Blog Categories: Security 4 (40%), Technical 6 (60%).'
 */
export function shareSummary(t: Translate, what: string, points: ChartPoint[]): string {
  const total = points.reduce((sum, p) => sum + p.value, 0);
  if (total === 0) return t('admin.charts.shareNoData', { what });
  const slices = points
    .map((p) =>
      t('admin.charts.slice', {
        label: p.label,
        value: p.value,
        // Rounded to a whole percent, as the tooltip shows it.
        share: Math.round((p.value / total) * 100) / 100,
      }),
    )
    .join(t('admin.charts.listSeparator'));
  return t('admin.charts.shareSummary', { what, slices });
}
