import { useMemo } from 'react';
import type { ChartData, ChartOptions } from 'chart.js';
import { Chart } from 'react-chartjs-2';
import './setup.ts';
import { ChartDataTable } from './chart-data-table.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { useIsDark } from '../../lib/theme.ts';
import { BRAND_BLUE, chartTheme, withAlpha } from './colors.ts';
import { seriesSummary, type ChartPoint } from './summary.ts';
import { useIsNarrow, usePrefersReducedMotion } from './use-media-query.ts';

type Props = {
  kind: 'line' | 'bar';
  /** The dataset's label (legend, tooltip, table header), e.g. 'New Users'. */
  series: string;
  points: ChartPoint[];
  /** The table's caption (the chart's title). */
  caption: string;
  /** The table's first column, e.g. 'Date' or 'Hour'. */
  labelHeader: string;
  color?: string;
  /** Most x labels drawn: on a phone, and wider. */
  maxTicks?: { narrow: number; wide: number };
};

/**
 * A line or bar chart of one series over a category axis (days, hours): y from zero, legend
 * below, fewer x labels on a phone, no animation when reduced motion is asked for. The canvas is
 * an image named by a summary of the data, and the data is also a table (ChartDataTable).
 */
export function SeriesChart({
  kind,
  series,
  points,
  caption,
  labelHeader,
  color: lightColor = BRAND_BLUE,
  maxTicks = { narrow: 6, wide: 12 },
}: Props) {
  const t = useT();
  const { tag } = useLocale();
  const reduced = usePrefersReducedMotion();
  const narrow = useIsNarrow();
  const summary = seriesSummary(t, kind, series, points);
  const ink = chartTheme(useIsDark());
  const color = ink.color(lightColor);

  const data = useMemo(
    (): ChartData<'line' | 'bar', number[], string> => ({
      labels: points.map((p) => p.label),
      datasets: [
        kind === 'line'
          ? {
              type: 'line' as const,
              label: series,
              data: points.map((p) => p.value),
              borderColor: color,
              backgroundColor: withAlpha(color, 0.12),
              pointBackgroundColor: color,
              fill: 'origin',
              tension: 0.3,
              // No overshoot below zero or above a peak between points.
              cubicInterpolationMode: 'monotone',
              borderWidth: 2,
              pointRadius: narrow ? 0 : 2,
              pointHoverRadius: 4,
            }
          : {
              type: 'bar' as const,
              label: series,
              data: points.map((p) => p.value),
              backgroundColor: color,
              hoverBackgroundColor: withAlpha(color, 0.85),
              borderRadius: 3,
              maxBarThickness: 28,
            },
      ],
    }),
    [kind, series, points, color, narrow],
  );

  const options = useMemo(
    (): ChartOptions<'line' | 'bar'> => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: reduced ? false : { duration: 400 },
      // Numbers on the axis and in the tooltip in the reader's language.
      locale: tag,
      interaction: { mode: 'index', intersect: false },
      color: ink.textColor,
      borderColor: ink.grid,
      plugins: {
        legend: {
          position: 'bottom',
          labels: { boxWidth: 12, boxHeight: 12, padding: 12, color: ink.textColor },
        },
        tooltip: { displayColors: false },
      },
      scales: {
        x: {
          grid: { display: false },
          ticks: {
            color: ink.textColor,
            autoSkip: true,
            maxRotation: 0,
            autoSkipPadding: 8,
            maxTicksLimit: narrow ? maxTicks.narrow : maxTicks.wide,
          },
        },
        y: {
          beginAtZero: true,
          grid: { color: ink.grid },
          border: { color: ink.grid },
          ticks: { precision: 0, maxTicksLimit: 6, color: ink.textColor },
        },
      },
    }),
    [reduced, narrow, maxTicks.narrow, maxTicks.wide, ink, tag],
  );

  return (
    <figure className="m-0">
      {/* Clipped: until Chart.js follows a narrower container (ResizeObserver), the old canvas must not widen the page. */}
      <div className="relative h-60 overflow-hidden sm:h-72">
        <Chart type={kind} data={data} options={options} aria-label={summary}>
          <p>{summary}</p>
        </Chart>
      </div>
      <ChartDataTable
        caption={caption}
        labelHeader={labelHeader}
        valueHeader={series}
        points={points}
      />
    </figure>
  );
}
