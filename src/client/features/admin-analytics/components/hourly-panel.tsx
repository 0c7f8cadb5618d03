import { Clock } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AnalyticsSummary } from '../../../../shared/analytics.ts';
import { BRAND_BLUE } from '../../../components/charts/colors.ts';
import { SeriesChart } from '../../../components/charts/series-chart.tsx';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';
import { HOUR_LABELS } from '../filters.ts';

/** 'Activity by Hour': events per hour of day (00–23, the viewer's time) over the range. */
export function HourlyPanel({
  query,
  className,
}: {
  query: UseQueryResult<AnalyticsSummary>;
  className?: string;
}) {
  return (
    <Panel
      title="Activity by Hour"
      icon={Clock}
      busy={query.isPlaceholderData}
      {...(className ? { className } : {})}
    >
      <PanelBody
        query={query}
        kind="chart"
        loading="Loading activity by hour"
        failed="Activity by hour could not be loaded."
      >
        {(d) =>
          d.totals.events === 0 ? (
            <PanelEmpty icon={Clock}>No events in this period</PanelEmpty>
          ) : (
            <SeriesChart
              kind="line"
              series="Events"
              caption="Activity by Hour"
              labelHeader="Hour"
              color={BRAND_BLUE}
              points={d.hourly.map((value, h) => ({ label: HOUR_LABELS[h]!, value }))}
              maxTicks={{ narrow: 8, wide: 24 }}
            />
          )
        }
      </PanelBody>
    </Panel>
  );
}
