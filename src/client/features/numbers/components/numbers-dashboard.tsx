import { useCallback, useMemo, useState } from 'react';
import { CheckSquare, PhoneOff, Plus, SearchX, X } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useBulkDeleteNumbers } from '../api/bulk-delete-numbers.ts';
import { useNumbers } from '../api/list-numbers.ts';
import { useInView } from '../hooks/use-in-view.ts';
import { useNumberFilters } from '../hooks/use-number-filters.ts';
import { ExpiringSoon } from './expiring-soon.tsx';
import { NumberCard } from './number-card.tsx';
import { NumberCardSkeleton } from './number-card-skeleton.tsx';
import { NumberFilters } from './number-filters.tsx';
import { DemoNumberOffer } from './demo-number-offer.tsx';
import { SelectionBar } from './selection-bar.tsx';

/** /dashboard: filters in the URL, an infinitely scrolling card grid, select mode and bulk delete. */
export function NumbersDashboard() {
  const t = useT();
  const f = useNumberFilters();
  // Typing is debounced; the buttons and the tag dropdown apply at once.
  const q = useDebouncedValue(f.filters.q, 250);
  const filters = useMemo(() => ({ ...f.filters, q }), [f.filters, q]);
  const list = useNumbers(filters);
  const bulkDelete = useBulkDeleteNumbers();
  const [selectMode, setSelectMode] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? null;
  // A search matching more than SEARCH_TOTAL_CAP numbers is counted only that far ("1,000+").
  const totalCapped = list.data?.pages[0]?.totalCapped ?? false;
  // With filters on, the header counts what they show out of the whole collection ("0 of 7").
  const collectionTotal = list.data?.pages[0]?.collectionTotal ?? null;
  const outOf = collectionTotal !== null && collectionTotal !== total;
  // Only loaded numbers that match the current filters count as selected.
  const selectedIds = useMemo(
    () => (selected.size === 0 ? [] : items.filter((n) => selected.has(n.id)).map((n) => n.id)),
    [items, selected],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sentinel = useInView<HTMLDivElement>(loadMore, items.length);

  const onSelectedChange = useCallback((id: string, on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const exitSelect = () => {
    setSelectMode(false);
    setSelected(new Set());
  };

  const deleteSelected = () => {
    bulkDelete.mutate(selectedIds, {
      onSuccess: ({ deleted }) => {
        setConfirming(false);
        exitSelect();
        toast.success(t('app.numbers.deleted', { count: deleted }));
      },
      onError: (err) => toast.error(errorMessage(err, t('app.numbers.deleteManyFailed'))),
    });
  };

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('app.numbers.heading')}
          </h1>
          <p className="mt-1 text-sm text-slate-600" aria-live="polite" data-testid="numbers-total">
            {total === null
              ? '\u00a0'
              : outOf
                ? t(totalCapped ? 'app.numbers.totalCappedOutOf' : 'app.numbers.totalOutOf', {
                    shown: total,
                    count: collectionTotal,
                  })
                : totalCapped
                  ? t('app.numbers.totalCapped', { count: total })
                  : t('app.numbers.total', { count: total })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 [&>*]:whitespace-nowrap max-sm:[&>*]:px-3!">
          {!selectMode && (
            <Button
              variant="secondary"
              onClick={() => setSelectMode(true)}
              disabled={items.length === 0}
            >
              <CheckSquare aria-hidden="true" className="size-4" />
              {t('app.numbers.select')}
            </Button>
          )}
          <ButtonLink to="/dashboard/add" variant="primary">
            <Plus aria-hidden="true" className="size-4" />
            {t('app.numbers.add')}
          </ButtonLink>
        </div>
      </div>

      <ExpiringSoon />

      <NumberFilters f={f} />

      {selectMode && (
        <SelectionBar
          selected={selectedIds.length}
          loaded={items.length}
          onSelectAll={(all) => setSelected(all ? new Set(items.map((n) => n.id)) : new Set())}
          onDelete={() => setConfirming(true)}
          onCancel={exitSelect}
        />
      )}

      {list.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
          <span className="sr-only" role="status">
            {t('app.numbers.loading')}
          </span>
          {Array.from({ length: 4 }, (_, i) => (
            <NumberCardSkeleton key={i} />
          ))}
        </div>
      ) : list.isError && items.length === 0 ? (
        <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <RetryAlert
            error={null}
            fallback={t('app.numbers.fetchFailedWith', { error: errorMessage(list.error) })}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        </Card>
      ) : items.length === 0 ? (
        <NumbersEmpty filtered={f.activeCount > 0} onClear={f.clear} count={f.activeCount} />
      ) : (
        <>
          <ul
            className="grid gap-4 md:grid-cols-2"
            aria-label={t('app.numbers.listLabel')}
            aria-busy={list.isFetching && !isFetchingNextPage ? true : undefined}
          >
            {items.map((n) => (
              <li key={n.id} className="min-w-0 [&>article]:h-full">
                <NumberCard
                  number={n}
                  selectMode={selectMode}
                  selected={selected.has(n.id)}
                  onSelectedChange={onSelectedChange}
                />
              </li>
            ))}
          </ul>
          <div ref={sentinel} className="flex flex-col items-center gap-3 py-4">
            {list.isError && (
              <Alert tone="error" className="w-full max-w-md">
                {errorMessage(list.error, t('app.numbers.fetchFailed'))}
              </Alert>
            )}
            {isFetchingNextPage ? (
              <Spinner label={t('app.numbers.loadingMore')} className="text-brand-900" />
            ) : hasNextPage ? (
              <Button variant="secondary" onClick={loadMore}>
                {t('app.numbers.loadMore')}
              </Button>
            ) : (
              total !== null &&
              total > 50 && (
                <p className="text-sm text-slate-500">
                  {t('app.numbers.allLoaded', { count: totalCapped ? items.length : total })}
                </p>
              )
            )}
          </div>
        </>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('app.numbers.deleteSelectedTitle')}
        description={t('app.numbers.deleteSelectedQuestion', { count: selectedIds.length })}
        confirmLabel={t('app.action.delete')}
        loading={bulkDelete.isPending}
        onConfirm={deleteSelected}
      />
    </div>
  );
}

/**
 * No numbers to show: either the collection is empty ('Add Your First Number'), or the filters
 * match none of it (a fixed sentence, and a way to clear them).
 */
function NumbersEmpty({
  filtered,
  count,
  onClear,
}: {
  filtered: boolean;
  count: number;
  onClear: () => void;
}) {
  const t = useT();
  const Icon = filtered ? SearchX : PhoneOff;
  return (
    <Card className="flex flex-col items-center px-6 py-16 text-center" data-testid="numbers-empty">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <p className="mt-4 text-base font-medium text-slate-900">
        {filtered ? t('app.numbers.emptyFiltered') : t('app.numbers.empty')}
      </p>
      <p className="mt-1 max-w-md text-sm text-slate-600">
        {filtered ? t('app.numbers.emptyFilteredHint') : t('app.numbers.emptyHint')}
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        {filtered ? (
          <Button variant="accent" onClick={onClear}>
            <X aria-hidden="true" className="size-4" />
            {t('app.numbers.clearFilters', { count })}
          </Button>
        ) : (
          <ButtonLink to="/dashboard/add" variant="accent">
            <Plus aria-hidden="true" className="size-4" />
            {t('app.numbers.addFirst')}
          </ButtonLink>
        )}
      </div>
      {!filtered && <DemoNumberOffer />}
    </Card>
  );
}
