import { MessageSquareText, TrendingUp } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminDashboardUsers } from '../../../../shared/admin.ts';
import { SeriesChart } from '../../../components/charts/series-chart.tsx';
import { BRAND_BLUE, BRAND_TEAL } from '../../../components/charts/colors.ts';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';
import { dailyPoints, hasAny } from '../series.ts';

/** The dashboard's two 30-day charts side by side: user growth (line) and message volume (bar). */
export function DashboardCharts({ query }: { query: UseQueryResult<AdminDashboardUsers> }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="User Growth (30 Days)" icon={TrendingUp}>
        <PanelBody
          query={query}
          kind="chart"
          loading="Loading user growth"
          failed="User growth could not be loaded."
        >
          {(d) => {
            const points = dailyPoints(d.userGrowth);
            return hasAny(points) ? (
              <SeriesChart
                kind="line"
                series="New Users"
                points={points}
                caption="User Growth (30 Days)"
                labelHeader="Date"
                color={BRAND_BLUE}
                maxTicks={{ narrow: 5, wide: 10 }}
              />
            ) : (
              <PanelEmpty icon={TrendingUp}>No new users in the last 30 days.</PanelEmpty>
            );
          }}
        </PanelBody>
      </Panel>
      <Panel title="Message Volume (30 Days)" icon={MessageSquareText}>
        <PanelBody
          query={query}
          kind="chart"
          loading="Loading message volume"
          failed="Message volume could not be loaded."
        >
          {(d) => {
            const points = dailyPoints(d.messageVolume);
            return hasAny(points) ? (
              <SeriesChart
                kind="bar"
                series="Messages"
                points={points}
                caption="Message Volume (30 Days)"
                labelHeader="Date"
                color={BRAND_TEAL}
                maxTicks={{ narrow: 5, wide: 10 }}
              />
            ) : (
              <PanelEmpty icon={MessageSquareText}>
                No messages received in the last 30 days.
              </PanelEmpty>
            );
          }}
        </PanelBody>
      </Panel>
    </div>
  );
}
