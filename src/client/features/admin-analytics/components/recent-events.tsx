import { Activity } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ANALYTICS_LIMITS_RECENT } from '../limits.ts';
import type { AnalyticsSummary } from '../../../../shared/analytics.ts';
import { EventListItem } from '../../../components/ui/event-list-item.tsx';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';
import { formatMessageTime } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';

/** 'Recent Events': the newest 20 events of the range (type, who, path, when). */
export function RecentEvents({ query }: { query: UseQueryResult<AnalyticsSummary> }) {
  const now = useNow();
  return (
    <Panel title="Recent Events" icon={Activity} busy={query.isPlaceholderData}>
      <PanelBody
        query={query}
        kind="list"
        loading="Loading recent events"
        failed="Recent events could not be loaded."
      >
        {(d) =>
          d.events.length === 0 ? (
            <PanelEmpty icon={Activity}>No events in this period</PanelEmpty>
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
