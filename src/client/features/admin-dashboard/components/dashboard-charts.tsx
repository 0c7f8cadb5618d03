import { MessageSquareText, TrendingUp } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminDashboardUsers } from '../../../../shared/admin.ts';
import { SeriesChart } from '../../../components/charts/series-chart.tsx';
import { BRAND_BLUE, BRAND_TEAL } from '../../../components/charts/colors.ts';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';
import { useLocale, useT } from '../../../lib/i18n.tsx';
import { dailyPoints, hasAny } from '../series.ts';

/** The dashboard's two 30-day charts side by side: user growth (line) and message volume (bar). */
export function DashboardCharts({ query }: { query: UseQueryResult<AdminDashboardUsers> }) {
  const t = useT();
  const { tag } = useLocale();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title={t('admin.dashboard.userGrowth')} icon={TrendingUp}>
        <PanelBody
          query={query}
          kind="chart"
          loading={t('admin.dashboard.userGrowthLoading')}
          failed={t('admin.dashboard.userGrowthFailed')}
        >
          {(d) => {
            const points = dailyPoints(d.userGrowth, tag);
            return hasAny(points) ? (
              <SeriesChart
                kind="line"
                series={t('admin.dashboard.newUsers')}
                points={points}
                caption={t('admin.dashboard.userGrowth')}
                labelHeader={t('admin.dashboard.date')}
                color={BRAND_BLUE}
                maxTicks={{ narrow: 5, wide: 10 }}
              />
            ) : (
              <PanelEmpty icon={TrendingUp}>{t('admin.dashboard.noNewUsers')}</PanelEmpty>
            );
          }}
        </PanelBody>
      </Panel>
      <Panel title={t('admin.dashboard.messageVolume')} icon={MessageSquareText}>
        <PanelBody
          query={query}
          kind="chart"
          loading={t('admin.dashboard.messageVolumeLoading')}
          failed={t('admin.dashboard.messageVolumeFailed')}
        >
          {(d) => {
            const points = dailyPoints(d.messageVolume, tag);
            return hasAny(points) ? (
              <SeriesChart
                kind="bar"
                series={t('admin.dashboard.messages')}
                points={points}
                caption={t('admin.dashboard.messageVolume')}
                labelHeader={t('admin.dashboard.date')}
                color={BRAND_TEAL}
                maxTicks={{ narrow: 5, wide: 10 }}
              />
            ) : (
              <PanelEmpty icon={MessageSquareText}>{t('admin.dashboard.noMessages')}</PanelEmpty>
            );
          }}
        </PanelBody>
      </Panel>
    </div>
  );
}
