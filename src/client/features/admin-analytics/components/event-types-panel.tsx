import { PieChart } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AnalyticsSummary } from '../../../../shared/analytics.ts';
import { PALETTE_10 } from '../../../components/charts/colors.ts';
import { DoughnutChart } from '../../../components/charts/doughnut-chart.tsx';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';
import { prettifyEventType } from '../../../lib/event-format.ts';

/** 'Event Types': the 10 most frequent types of the range as a doughnut. */
export function EventTypesPanel({
  query,
  className,
}: {
  query: UseQueryResult<AnalyticsSummary>;
  className?: string;
}) {
  return (
    <Panel
      title="Event Types"
      icon={PieChart}
      busy={query.isPlaceholderData}
      {...(className ? { className } : {})}
    >
      <PanelBody
        query={query}
        kind="chart"
        loading="Loading event types"
        failed="Event types could not be loaded."
      >
        {(d) =>
          d.types.length === 0 ? (
            <PanelEmpty icon={PieChart}>No events in this period</PanelEmpty>
          ) : (
            <DoughnutChart
              what="Event Types"
              labelHeader="Event type"
              valueHeader="Events"
              palette={PALETTE_10}
              points={d.types.map((t) => ({ label: prettifyEventType(t.type), value: t.count }))}
            />
          )
        }
      </PanelBody>
    </Panel>
  );
}
