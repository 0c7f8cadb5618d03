import { useMemo, type ReactNode } from 'react';
import { RefreshCw, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import type { MessageId } from '../../../shared/i18n/namespaces.ts';
import type { DeliveryDto } from '../../../shared/webhooks.ts';
import { errorMessage } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useDeliveries, useRedeliver, type DeliveryKind } from '../../lib/deliveries.ts';
import { formatCount, formatFullTime, formatMessageTime } from '../../lib/format.ts';
import { t as translate, useLocale, useT } from '../../lib/i18n.tsx';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';
import { LoadMore } from './load-more.tsx';
import { RetryAlert } from './retry-alert.tsx';
import { Skeleton } from './skeleton.tsx';

const STATUS = {
  pending: { label: 'common.deliveries.pending', tone: 'amber' },
  delivered: { label: 'common.deliveries.delivered', tone: 'green' },
  failed: { label: 'common.deliveries.failed', tone: 'red' },
} as const satisfies Record<DeliveryDto['status'], { label: MessageId; tone: string }>;

/**
 * The columns when the log is wide enough (its own width, a container query): event, status,
 * attempts, response, latency, excerpt, time, Redeliver. Narrower, each delivery is a small card.
 */
const COLUMNS =
  '@3xl:grid-cols-[minmax(0,1fr)_6.5rem_4.5rem_4.5rem_4.5rem_minmax(0,1.3fr)_9rem_7.5rem]';

/**
 * The delivery log of an endpoint (a webhook or a notification channel), newest first: each
 * delivery's event, status, attempts, the last attempt's HTTP status, latency and answer excerpt,
 * when it was made and (pending) when it is next tried, with Redeliver; Refresh, and 'Load more'
 * 25 at a time.
 */
export function DeliveryLog({
  kind,
  endpointId,
  id,
  onRefresh,
  emptyHint,
}: {
  /** Whose log: webhooks or notification channels (`lib/deliveries.ts`). */
  kind: DeliveryKind;
  endpointId: string;
  /** The log's element id (the Deliveries button controls it). */
  id: string;
  /** Refresh also reads the endpoint again (its failing state follows the deliveries). */
  onRefresh: () => void;
  /** After 'No deliveries yet.' (default 'Send a test event to see one here.'). */
  emptyHint?: string;
}) {
  const t = useT();
  const log = useDeliveries(kind, endpointId);
  const redeliver = useRedeliver(kind, endpointId);
  const items = useMemo(() => log.data?.pages.flatMap((p) => p.items) ?? [], [log.data]);
  const refreshing = log.isFetching && !log.isPending && !log.isFetchingNextPage;
  const headingId = `${id}-heading`;

  const onRedeliver = (d: DeliveryDto) =>
    redeliver.mutate(d.id, {
      onSuccess: () =>
        toast.success(translate('common.deliveries.sendingAgain', { event: d.event })),
      onError: (err) =>
        toast.error(errorMessage(err, translate('common.deliveries.redeliverFailed'))),
    });

  return (
    <section
      id={id}
      aria-labelledby={headingId}
      aria-busy={refreshing || undefined}
      className="@container space-y-3 border-t border-slate-100 pt-3"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {t('common.deliveries.title')}
        </h3>
        <Button
          variant="ghost"
          size="sm"
          loading={refreshing}
          disabled={log.isPending}
          onClick={() => {
            onRefresh();
            void log.refetch();
          }}
        >
          {!refreshing && <RefreshCw aria-hidden="true" className="size-4" />}
          {t('common.actions.refresh')}
        </Button>
      </div>

      {log.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <span className="sr-only" role="status">
            {t('common.deliveries.loading')}
          </span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-3">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-5 w-20 rounded-full" />
              <Skeleton className="h-4 flex-1" />
            </div>
          ))}
        </div>
      ) : log.isError && items.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <RetryAlert
            error={log.error}
            fallback={t('common.deliveries.loadFailed')}
            onRetry={() => void log.refetch()}
            retrying={log.isFetching}
          />
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="deliveries-empty">
          {t('common.deliveries.empty')}{' '}
          <span className="text-slate-500">{emptyHint ?? t('common.deliveries.emptyHint')}</span>
        </p>
      ) : (
        <>
          <div
            aria-hidden="true"
            className={cn(
              'hidden gap-x-3 border-b border-slate-200 pb-2 text-xs font-medium text-slate-500 @3xl:grid',
              COLUMNS,
            )}
          >
            <span>{t('common.deliveries.event')}</span>
            <span>{t('common.deliveries.status')}</span>
            <span>{t('common.deliveries.attempts')}</span>
            <span>{t('common.deliveries.response')}</span>
            <span>{t('common.deliveries.latency')}</span>
            <span>{t('common.deliveries.excerpt')}</span>
            <span>{t('common.deliveries.created')}</span>
            <span className="sr-only">{t('common.deliveries.actions')}</span>
          </div>
          <ul aria-label={t('common.deliveries.title')} className="divide-y divide-slate-100">
            {items.map((d) => (
              <DeliveryRow
                key={d.id}
                delivery={d}
                onRedeliver={() => onRedeliver(d)}
                redelivering={redeliver.isPending && redeliver.variables === d.id}
              />
            ))}
          </ul>
          <LoadMore
            list={log}
            failed={t('common.deliveries.moreFailed')}
            loadingLabel={t('common.deliveries.loadingMore')}
          />
        </>
      )}
    </section>
  );
}

/** One value of a delivery with its name: shown above it on a phone, to screen readers only wide. */
function Cell({
  label,
  labelAlways = false,
  className,
  children,
}: {
  label: string;
  /** The name is read by screen readers only, whatever the width (event, status). */
  labelAlways?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <span
        className={cn('block text-xs text-slate-500', labelAlways ? 'sr-only' : '@3xl:sr-only')}
      >
        {label}
      </span>
      {children}
    </div>
  );
}

function When({ at }: { at: string }) {
  const { tag } = useLocale();
  return (
    <time dateTime={at} title={formatFullTime(at, tag)}>
      {formatMessageTime(at, undefined, tag)}
    </time>
  );
}

function DeliveryRow({
  delivery: d,
  onRedeliver,
  redelivering,
}: {
  delivery: DeliveryDto;
  onRedeliver: () => void;
  redelivering: boolean;
}) {
  const t = useT();
  const { tag } = useLocale();
  const status = STATUS[d.status];
  const ok = d.responseStatus !== null && d.responseStatus >= 200 && d.responseStatus < 300;
  return (
    <li
      data-testid="delivery-row"
      className={cn(
        'grid grid-cols-3 items-start gap-x-3 gap-y-2 py-3 text-sm @3xl:items-center @3xl:gap-y-0',
        COLUMNS,
      )}
    >
      <Cell label={t('common.deliveries.event')} labelAlways className="col-span-2 @3xl:col-span-1">
        <span className="font-mono text-xs break-all text-slate-900">{d.event}</span>
      </Cell>
      <Cell
        label={t('common.deliveries.status')}
        labelAlways
        className="justify-self-end @3xl:justify-self-start"
      >
        <Badge tone={status.tone}>{t(status.label)}</Badge>
      </Cell>
      <Cell label={t('common.deliveries.attempts')}>
        <span className="text-slate-800 tabular-nums">{formatCount(d.attempts, tag)}</span>
      </Cell>
      <Cell label={t('common.deliveries.response')}>
        <span
          className={cn(
            'font-mono text-xs tabular-nums',
            d.responseStatus === null ? 'text-slate-500' : ok ? 'text-emerald-700' : 'text-red-700',
          )}
        >
          {d.responseStatus ?? '—'}
        </span>
      </Cell>
      <Cell label={t('common.deliveries.latency')}>
        <span className="text-slate-800 tabular-nums">
          {d.latencyMs === null
            ? '—'
            : t('common.deliveries.latencyMs', { ms: formatCount(d.latencyMs, tag) })}
        </span>
      </Cell>
      <Cell label={t('common.deliveries.excerpt')} className="col-span-3 @3xl:col-span-1">
        {d.responseExcerpt ? (
          <code
            title={d.responseExcerpt}
            className="block truncate rounded bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-700"
          >
            {d.responseExcerpt}
          </code>
        ) : d.error ? (
          <span className="line-clamp-2 text-xs text-red-700" title={d.error}>
            {d.error}
          </span>
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </Cell>
      <Cell label={t('common.deliveries.created')} className="col-span-2 @3xl:col-span-1">
        <span className="block text-xs text-slate-700">
          <When at={d.createdAt} />
        </span>
        {d.status === 'pending' && d.nextAttemptAt && (
          <span className="block text-xs text-amber-800">
            {t('common.deliveries.nextAttempt')} <When at={d.nextAttemptAt} />
          </span>
        )}
      </Cell>
      <div className="justify-self-end">
        <Button
          variant="secondary"
          size="sm"
          onClick={onRedeliver}
          loading={redelivering}
          aria-label={t('common.deliveries.redeliverLabel', {
            event: d.event,
            time: formatMessageTime(d.createdAt, undefined, tag),
          })}
        >
          {!redelivering && <RotateCcw aria-hidden="true" className="size-4" />}
          {t('common.deliveries.redeliver')}
        </Button>
      </div>
    </li>
  );
}
