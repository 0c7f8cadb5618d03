import { Activity } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminDashboardActivity } from '../../../../shared/admin.ts';
import { EventListItem } from '../../../components/ui/event-list-item.tsx';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';
import { formatTimeOfDay } from '../../../lib/format-time.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useNow } from '../../../lib/use-now.ts';

/**
 * 'Recent Activity': the latest 10 events, each as its type in words, who ('User 1a2b3c4d' or
 * 'Anonymous'), the page's path and the time of day.
 */
export function RecentActivity({ query }: { query: UseQueryResult<AdminDashboardActivity> }) {
  const t = useT();
  const now = useNow();
  return (
    <Panel title={t('admin.dashboard.recentActivity')} icon={Activity}>
      <PanelBody
        query={query}
        kind="list"
        loading={t('admin.dashboard.recentActivityLoading')}
        failed={t('admin.dashboard.recentActivityFailed')}
      >
        {(d) =>
          d.recentEvents.length === 0 ? (
            <PanelEmpty icon={Activity}>{t('admin.dashboard.noActivity')}</PanelEmpty>
          ) : (
            <ul className="-my-2 divide-y divide-slate-100">
              {d.recentEvents.map((e) => (
                <EventListItem
                  key={e.id}
                  event={e}
                  dotClassName="bg-accent-500"
                  testId="activity-row"
                  when={formatTimeOfDay(e.createdAt, now)}
                />
              ))}
            </ul>
          )
        }
      </PanelBody>
    </Panel>
  );
}
