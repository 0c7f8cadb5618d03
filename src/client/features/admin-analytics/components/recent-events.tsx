import { Activity } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ANALYTICS_LIMITS_RECENT } from '../limits.ts';
import type { AnalyticsSummary } from '../../../../shared/analytics.ts';
import { EventListItem } from '../../../components/ui/event-list-item.tsx';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';
import { formatMessageTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useNow } from '../../../lib/use-now.ts';

/** 'Recent Events': the newest 20 events of the range (type, who, path, when). */
export function RecentEvents({ query }: { query: UseQueryResult<AnalyticsSummary> }) {
  const t = useT();
  const now = useNow();
  return (
    <Panel title={t('admin.analytics.recentEvents')} icon={Activity} busy={query.isPlaceholderData}>
      <PanelBody
        query={query}
        kind="list"
        loading={t('admin.analytics.recentEventsLoading')}
        failed={t('admin.analytics.recentEventsFailed')}
      >
        {(d) =>
          d.events.length === 0 ? (
            <PanelEmpty icon={Activity}>{t('admin.analytics.noEvents')}</PanelEmpty>
          ) : (
            <ul className="-my-2 max-h-[28rem] divide-y divide-slate-100 overflow-y-auto">
              {d.events.slice(0, ANALYTICS_LIMITS_RECENT).map((e) => (
                <EventListItem
                  key={e.id}
                  event={e}
                  dotClassName="bg-brand-700"
                  testId="recent-event"
                  when={formatMessageTime(e.createdAt, now)}
                />
              ))}
            </ul>
          )
        }
      </PanelBody>
    </Panel>
  );
}
