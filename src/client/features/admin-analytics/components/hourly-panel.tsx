import { Clock } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AnalyticsSummary } from '../../../../shared/analytics.ts';
import { BRAND_BLUE } from '../../../components/charts/colors.ts';
import { SeriesChart } from '../../../components/charts/series-chart.tsx';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { HOUR_LABELS } from '../filters.ts';

/** 'Activity by Hour': events per hour of day (00–23, the viewer's time) over the range. */
export function HourlyPanel({
  query,
  className,
}: {
  query: UseQueryResult<AnalyticsSummary>;
  className?: string;
}) {
  const t = useT();
  return (
    <Panel
      title={t('admin.analytics.hourly')}
      icon={Clock}
      busy={query.isPlaceholderData}
      {...(className ? { className } : {})}
    >
      <PanelBody
        query={query}
        kind="chart"
        loading={t('admin.analytics.hourlyLoading')}
        failed={t('admin.analytics.hourlyFailed')}
      >
        {(d) =>
          d.totals.events === 0 ? (
            <PanelEmpty icon={Clock}>{t('admin.analytics.noEvents')}</PanelEmpty>
          ) : (
            <SeriesChart
              kind="line"
              series={t('admin.analytics.events')}
              caption={t('admin.analytics.hourly')}
              labelHeader={t('admin.analytics.hour')}
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
