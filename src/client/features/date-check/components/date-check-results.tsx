import { useEffect, useMemo, useRef, useState } from 'react';
import { Download, FileWarning, ListX, X } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { downloadCsv } from '../../../lib/csv.ts';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { expiredCsv, resultsCsv } from '../exports.ts';
import type { DateCheckRun } from '../hooks/use-date-check-run.ts';
import type { ResultRow, RowStatus } from '../types.ts';
import { ResultItem } from './result-item.tsx';

type Filter = 'all' | 'active' | 'expiring-soon' | 'expired' | 'error';

const TILES: { filter: Filter; label: MessageId; tone: string }[] = [
  { filter: 'all', label: 'public.dateCheck.total', tone: 'text-slate-900' },
  { filter: 'active', label: 'public.dateCheck.status.active', tone: 'text-emerald-700' },
  {
    filter: 'expiring-soon',
    label: 'public.dateCheck.status.expiringSoon',
    tone: 'text-orange-700',
  },
  { filter: 'expired', label: 'public.dateCheck.status.expired', tone: 'text-red-700' },
  { filter: 'error', label: 'public.dateCheck.errors', tone: 'text-slate-700' },
];

function countRows(rows: readonly ResultRow[]) {
  const c: Record<RowStatus, number> = {
    checking: 0,
    active: 0,
    'expiring-soon': 0,
    expired: 0,
    error: 0,
    skipped: 0,
  };
  for (const r of rows) c[r.status]++;
  return c;
}

/**
 * 'Results Summary' (counts, progress while streaming, cancel, CSV exports) and the results list
 * in request order. Selecting a count shows only those results.
 */
export function DateCheckResults({ run }: { run: DateCheckRun }) {
  const t = useT();
  const { rows, phase } = run;
  const [filter, setFilter] = useState<Filter>('all');
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  const counts = useMemo(() => countRows(rows), [rows]);
  const shown = useMemo(
    () => (filter === 'all' ? rows : rows.filter((r) => r.status === filter)),
    [rows, filter],
  );
  const total = rows.length;
  const finished = total - counts.checking - counts.skipped;
  const running = phase === 'running';

  const showNotice = (text: string | null) => {
    clearTimeout(noticeTimer.current);
    setNotice(text);
    if (text) noticeTimer.current = setTimeout(() => setNotice(null), 5_000);
  };
  const exportFile = (file: { filename: string; csv: string } | null, empty: MessageId) => {
    if (!file) return showNotice(t(empty));
    showNotice(null);
    downloadCsv(file.filename, file.csv);
  };

  if (total === 0) return null;

  const statusText = running
    ? t('public.dateCheck.run.checking', { count: total })
    : phase === 'cancelled'
      ? t('public.dateCheck.run.cancelled', { done: finished, count: total })
      : phase === 'failed'
        ? t('public.dateCheck.run.stopped', { done: finished, count: total })
        : t('public.dateCheck.run.finished', { count: total });

  return (
    <section aria-labelledby="results-summary-heading" className="space-y-4">
      <Card className="p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="results-summary-heading" className="text-lg font-semibold text-slate-900">
            {t('public.dateCheck.summary')}
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="run-status">
            {statusText}
          </p>
        </div>

        <div
          role="group"
          aria-label={t('public.dateCheck.byStatus')}
          className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-5 sm:gap-3"
        >
          {TILES.map((tile) => {
            const value = tile.filter === 'all' ? total : counts[tile.filter];
            const pressed = filter === tile.filter;
            return (
              <button
                key={tile.filter}
                type="button"
                aria-pressed={pressed}
                data-testid={`count-${tile.filter}`}
                onClick={() => setFilter(pressed ? 'all' : tile.filter)}
                className={cn(
                  'flex flex-col items-start rounded-xl border px-3 py-2.5 text-left transition-colors focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-offset-2 focus-visible:outline-none',
                  tile.filter === 'all' && 'col-span-2 sm:col-span-1',
                  pressed
                    ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700'
                    : 'border-slate-200 bg-white hover:bg-slate-50',
                )}
              >
                <span
                  className={cn(
                    'text-2xl font-bold tabular-nums',
                    value === 0 ? 'text-slate-400' : tile.tone,
                  )}
                  data-testid="count-value"
                >
                  {formatCount(value)}
                </span>
                <span className="text-xs font-medium text-slate-600">{t(tile.label)}</span>
              </button>
            );
          })}
        </div>

        {(running || finished < total) && (
          <div className="mt-4">
            <div className="mb-1 flex justify-between text-xs text-slate-600">
              <span id="progress-label">{t('public.dateCheck.progress')}</span>
              <span className="tabular-nums">
                {formatCount(finished)} / {formatCount(total)}
              </span>
            </div>
            <div
              role="progressbar"
              aria-labelledby="progress-label"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={finished}
              aria-valuetext={t('public.dateCheck.progressValue', { done: finished, count: total })}
              className="h-2 overflow-hidden rounded-full bg-slate-100"
            >
              <div
                className={cn(
                  'h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none',
                  running ? 'bg-accent-500' : 'bg-slate-400',
                )}
                style={{ width: `${total ? (finished / total) * 100 : 0}%` }}
              />
            </div>
          </div>
        )}

        <div className="mt-4 grid gap-2 sm:flex sm:flex-wrap sm:items-center">
          {running ? (
            <Button variant="secondary" size="sm" onClick={run.cancel}>
              <X aria-hidden="true" className="size-4" />
              {t('public.dateCheck.cancel')}
            </Button>
          ) : (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => exportFile(expiredCsv(rows), 'public.dateCheck.noExpiredToExport')}
              >
                <FileWarning aria-hidden="true" className="size-4" />
                {t('public.dateCheck.exportExpired')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => exportFile(resultsCsv(rows), 'public.dateCheck.noResultsToExport')}
              >
                <Download aria-hidden="true" className="size-4" />
                {t('public.dateCheck.exportAll')}
              </Button>
              <Button variant="ghost" size="sm" onClick={run.clear} className="sm:ml-auto">
                <ListX aria-hidden="true" className="size-4" />
                {t('public.dateCheck.clear')}
              </Button>
            </>
          )}
        </div>
        <div aria-live="polite">
          {notice && (
            <Alert tone="info" className="mt-3">
              {notice}
            </Alert>
          )}
        </div>
      </Card>

      <Card className="overflow-hidden">
        <div
          aria-hidden="true"
          className="hidden grid-cols-[11rem_8.5rem_minmax(0,1fr)] gap-x-3 border-b border-slate-200 bg-slate-50 px-5 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase sm:grid"
        >
          <span>{t('public.dateCheck.column.phone')}</span>
          <span>{t('public.dateCheck.column.status')}</span>
          <span>{t('public.dateCheck.column.endDate')}</span>
        </div>
        {shown.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-slate-600">
            {t('public.dateCheck.noneWithStatus')}{' '}
            <button
              type="button"
              onClick={() => setFilter('all')}
              className="rounded font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
            >
              {t('public.dateCheck.showAll')}
            </button>
          </p>
        ) : (
          <ul aria-label={t('public.dateCheck.results')} className="divide-y divide-slate-100">
            {shown.map((row, i) => (
              // Rows never move: the index in the (filtered) request order is a stable key.
              <ResultItem key={filter === 'all' ? i : `${filter}-${i}`} row={row} />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
