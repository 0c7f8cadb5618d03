import { PieChart } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AnalyticsSummary } from '../../../../shared/analytics.ts';
import { PALETTE_10 } from '../../../components/charts/colors.ts';
import { DoughnutChart } from '../../../components/charts/doughnut-chart.tsx';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';
import { eventTypeLabel } from '../../../lib/event-types.ts';
import { useT } from '../../../lib/i18n.tsx';

/** 'Event Types': the 10 most frequent types of the range as a doughnut. */
export function EventTypesPanel({
  query,
  className,
}: {
  query: UseQueryResult<AnalyticsSummary>;
  className?: string;
}) {
  const t = useT();
  return (
    <Panel
      title={t('admin.analytics.eventTypes')}
      icon={PieChart}
      busy={query.isPlaceholderData}
      {...(className ? { className } : {})}
    >
      <PanelBody
        query={query}
        kind="chart"
        loading={t('admin.analytics.eventTypesLoading')}
        failed={t('admin.analytics.eventTypesFailed')}
      >
        {(d) =>
          d.types.length === 0 ? (
            <PanelEmpty icon={PieChart}>{t('admin.analytics.noEvents')}</PanelEmpty>
          ) : (
            <DoughnutChart
              what={t('admin.analytics.eventTypes')}
              labelHeader={t('admin.analytics.eventTypeColumn')}
              valueHeader={t('admin.analytics.events')}
              palette={PALETTE_10}
              points={d.types.map((x) => ({ label: eventTypeLabel(t, x.type), value: x.count }))}
            />
          )
        }
      </PanelBody>
    </Panel>
  );
}
