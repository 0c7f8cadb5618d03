import { useMemo } from 'react';
import type { ChartData, ChartOptions } from 'chart.js';
import { Chart } from 'react-chartjs-2';
import './setup.ts';
import { ChartDataTable } from './chart-data-table.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { useIsDark } from '../../lib/theme.ts';
import { chartTheme, PALETTE_6 } from './colors.ts';
import { shareSummary, type ChartPoint } from './summary.ts';
import { usePrefersReducedMotion } from './use-media-query.ts';

/**
 * A doughnut of shares (blog categories, event types) in a fixed palette, legend below, no
 * animation when reduced motion is asked for; named by a summary of every slice and backed by a
 * data table.
 */
export function DoughnutChart({
  what,
  points,
  labelHeader,
  valueHeader,
  palette = PALETTE_6,
}: {
  /** What the slices are, e.g. 'Blog Categories' (the summary and the table caption). */
  what: string;
  points: ChartPoint[];
  labelHeader: string;
  valueHeader: string;
  palette?: readonly string[];
}) {
  const t = useT();
  const { tag } = useLocale();
  const reduced = usePrefersReducedMotion();
  const summary = shareSummary(t, what, points);
  const ink = chartTheme(useIsDark());

  const data = useMemo(
    (): ChartData<'doughnut', number[], string> => ({
      labels: points.map((p) => p.label),
      datasets: [
        {
          label: valueHeader,
          data: points.map((p) => p.value),
          backgroundColor: points.map((_, i) => ink.color(palette[i % palette.length]!)),
          borderColor: ink.surface,
          borderWidth: 2,
          hoverOffset: 6,
        },
      ],
    }),
    [points, palette, valueHeader, ink],
  );

  const options = useMemo(
    (): ChartOptions<'doughnut'> => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: reduced ? false : { duration: 400 },
      locale: tag,
      cutout: '58%',
      color: ink.textColor,
      plugins: {
        legend: {
          position: 'bottom',
          labels: { boxWidth: 12, boxHeight: 12, padding: 10, color: ink.textColor },
        },
        tooltip: {
          callbacks: {
            label: (ctx) => {
              const total = (ctx.dataset.data as number[]).reduce((a, b) => a + b, 0);
              const share = total ? Math.round((ctx.parsed / total) * 100) / 100 : 0;
              return ` ${t('admin.charts.sliceTooltip', { value: ctx.parsed, share })}`;
            },
          },
        },
      },
    }),
    [reduced, ink, tag, t],
  );

  return (
    <figure className="m-0">
      {/* Clipped: until Chart.js follows a narrower container (ResizeObserver), the old canvas must not widen the page. */}
      <div className="relative h-72 overflow-hidden">
        <Chart type="doughnut" data={data} options={options} aria-label={summary}>
          <p>{summary}</p>
        </Chart>
      </div>
      <ChartDataTable
        caption={what}
        labelHeader={labelHeader}
        valueHeader={valueHeader}
        points={points}
      />
    </figure>
  );
}
