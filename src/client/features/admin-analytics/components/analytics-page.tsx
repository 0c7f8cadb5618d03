import { useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useTrackEvent } from '../../../lib/use-track-event.ts';
import { exportUrl, useAnalytics } from '../api/get-analytics.ts';
import { useAnalyticsFilters } from '../hooks/use-analytics-filters.ts';
import { AnalyticsActions } from './analytics-actions.tsx';
import { AnalyticsFiltersBar } from './analytics-filters-bar.tsx';
import { AnalyticsStatCards } from './analytics-stat-cards.tsx';
import { EventDetailsTable } from './event-details-table.tsx';
import { EventTypesPanel } from './event-types-panel.tsx';
import { HourlyPanel } from './hourly-panel.tsx';
import { RecentEvents } from './recent-events.tsx';
import { TopPages } from './top-pages.tsx';

/**
 * /admin/analytics (permission analytics): filters in the URL (range, type), Refresh and Export
 * Data, the four totals, activity by hour in the viewer's time, event types, top pages, recent
 * events and the expandable event details, all from one GET /v1/admin/analytics.
 */
export function AnalyticsPage() {
  const t = useT();
  const { range, type, setRange, setType, clear, isDefault } = useAnalyticsFilters();
  // The viewer's offset from UTC (east positive), for the hour-of-day buckets.
  const [utcOffset] = useState(() => -new Date().getTimezoneOffset());
  const analytics = useAnalytics({ range, type }, utcOffset);
  const data = analytics.data;

  useTrackEvent('admin_analytics_viewed');

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('admin.analytics.title')}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('admin.analytics.subtitle')}</p>
        </div>
        <AnalyticsActions
          onRefresh={() => void analytics.refetch()}
          refreshing={analytics.isFetching && !analytics.isPending}
          exportHref={exportUrl({ range, type })}
        />
      </div>

      <AnalyticsFiltersBar
        range={range}
        type={type}
        onRange={setRange}
        onType={setType}
        onClear={clear}
        canClear={!isDefault}
      />

      {data && analytics.isError && !analytics.isFetching && (
        <Alert tone="error">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {errorMessage(analytics.error, t('admin.analytics.refreshFailed'))}{' '}
              {t('admin.analytics.staleFigures')}
            </span>
            <Button size="sm" variant="secondary" onClick={() => void analytics.refetch()}>
              {t('admin.analytics.tryAgain')}
            </Button>
          </div>
        </Alert>
      )}

      {!data && analytics.isError ? (
        <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <RetryAlert
            error={analytics.error}
            fallback={t('admin.analytics.loadFailed')}
            onRetry={() => void analytics.refetch()}
            retrying={analytics.isFetching}
          />
        </Card>
      ) : (
        <div
          className={
            analytics.isPlaceholderData ? 'space-y-5 opacity-60 transition-opacity' : 'space-y-5'
          }
          aria-busy={analytics.isFetching || undefined}
          data-testid="analytics-content"
        >
          <AnalyticsStatCards totals={data?.totals} />
          <div className="grid gap-4 lg:grid-cols-5">
            <HourlyPanel query={analytics} className="lg:col-span-3" />
            <EventTypesPanel query={analytics} className="lg:col-span-2" />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <TopPages query={analytics} />
            <RecentEvents query={analytics} />
          </div>
          <EventDetailsTable query={analytics} />
        </div>
      )}
    </div>
  );
}
