import { Fragment, useState } from 'react';
import { ChevronRight, ListTree } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AnalyticsEventDto, AnalyticsSummary } from '../../../../shared/analytics.ts';
import { Panel, PanelBody, PanelEmpty } from '../../../components/ui/panel.tsx';
import { cn } from '../../../lib/cn.ts';
import { eventPath, eventUser } from '../../../lib/event-format.ts';
import { eventTypeLabel } from '../../../lib/event-types.ts';
import { formatFullTime, formatMessageTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { ANALYTICS_LIMITS_DETAILS } from '../limits.ts';

/**
 * 'Event Details': the newest 50 events as a table (scrolling sideways inside its card on a
 * phone); each row opens to its data as JSON, with the session, referrer and user agent.
 */
export function EventDetailsTable({ query }: { query: UseQueryResult<AnalyticsSummary> }) {
  const t = useT();
  const now = useNow();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Panel title={t('admin.analytics.eventDetails')} icon={ListTree} busy={query.isPlaceholderData}>
      <PanelBody
        query={query}
        kind="list"
        loading={t('admin.analytics.eventDetailsLoading')}
        failed={t('admin.analytics.eventDetailsFailed')}
      >
        {(d) =>
          d.events.length === 0 ? (
            <PanelEmpty icon={ListTree}>{t('admin.analytics.noEvents')}</PanelEmpty>
          ) : (
            <div
              className="-mx-4 overflow-x-auto sm:-mx-5"
              role="region"
              aria-label={t('admin.analytics.eventDetailsTable')}
              tabIndex={0}
            >
              <table className="w-full min-w-[42rem] text-left text-sm">
                <thead className="border-y border-slate-200 bg-slate-50 text-xs text-slate-600">
                  <tr>
                    <th scope="col" className="w-10 px-4 py-2 sm:pl-5">
                      <span className="sr-only">{t('admin.analytics.details')}</span>
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t('admin.analytics.event')}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t('admin.analytics.user')}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t('admin.analytics.page')}
                    </th>
                    <th scope="col" className="px-3 py-2 pr-4 font-medium sm:pr-5">
                      {t('admin.analytics.time')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {d.events.slice(0, ANALYTICS_LIMITS_DETAILS).map((e) => (
                    <EventRow
                      key={e.id}
                      event={e}
                      now={now}
                      expanded={open.has(e.id)}
                      onToggle={() => toggle(e.id)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </PanelBody>
    </Panel>
  );
}

function EventRow({
  event: e,
  now,
  expanded,
  onToggle,
}: {
  event: AnalyticsEventDto;
  now: Date;
  expanded: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  const detailsId = `event-${e.id}`;
  const type = eventTypeLabel(t, e.type);
  const when = formatMessageTime(e.createdAt, now);
  return (
    <Fragment>
      <tr className={cn('align-middle', expanded && 'bg-slate-50')} data-testid="event-row">
        <td className="px-4 py-2 sm:pl-5">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={onToggle}
            className="inline-flex size-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
          >
            <ChevronRight
              aria-hidden="true"
              className={cn(
                'size-4 transition-transform motion-reduce:transition-none',
                expanded && 'rotate-90',
              )}
            />
            <span className="sr-only">{t('admin.analytics.detailsOf', { type, when })}</span>
          </button>
        </td>
        <td className="px-3 py-2.5 font-medium whitespace-nowrap text-slate-900">{type}</td>
        <td className="px-3 py-2.5 whitespace-nowrap text-slate-600">
          <span title={e.userId ?? undefined}>{eventUser(t, e.userId)}</span>
        </td>
        <td className="max-w-[16rem] truncate px-3 py-2.5 font-mono text-xs text-slate-700">
          <span title={e.pageUrl ?? undefined}>{eventPath(e.pageUrl) ?? '—'}</span>
        </td>
        <td className="px-3 py-2.5 pr-4 whitespace-nowrap text-slate-600 sm:pr-5">
          <time dateTime={e.createdAt} title={formatFullTime(e.createdAt)}>
            {when}
          </time>
        </td>
      </tr>
      {expanded && (
        <tr id={detailsId} className="bg-slate-50">
          <td colSpan={5} className="px-4 pt-1 pb-4 sm:px-5">
            {/* Stays in view while the wide table is scrolled sideways on a phone. */}
            <div className="sticky left-4 max-w-[calc(100vw-4.5rem)] lg:max-w-none">
              <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[8rem_1fr]">
                <dt className="font-medium text-slate-600">{t('admin.analytics.session')}</dt>
                <dd className="font-mono break-all text-slate-800">{e.sessionId ?? '—'}</dd>
                <dt className="font-medium text-slate-600">{t('admin.analytics.pageUrl')}</dt>
                <dd className="font-mono break-all text-slate-800">{e.pageUrl ?? '—'}</dd>
                <dt className="font-medium text-slate-600">{t('admin.analytics.referrer')}</dt>
                <dd className="font-mono break-all text-slate-800">{e.referrer || '—'}</dd>
                <dt className="font-medium text-slate-600">{t('admin.analytics.userAgent')}</dt>
                <dd className="break-all text-slate-800">{e.userAgent ?? '—'}</dd>
                <dt className="font-medium text-slate-600">{t('admin.analytics.userId')}</dt>
                <dd className="font-mono break-all text-slate-800">
                  {e.userId ?? t('admin.analytics.anonymous')}
                </dd>
              </dl>
              <p className="mt-3 text-xs font-medium text-slate-600">{t('admin.analytics.data')}</p>
              <pre className="mt-1 max-h-64 overflow-auto rounded-lg border border-slate-200 bg-white p-3 font-mono text-xs break-words whitespace-pre-wrap text-slate-800">
                {JSON.stringify(e.data, null, 2)}
              </pre>
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
