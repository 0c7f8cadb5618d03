import { memo, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { PhoneOff, Plus, RotateCcw, Search } from 'lucide-react';
import type { VoipNumber } from '../../../shared/numbers.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { errorMessage } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { formatCount } from '../../lib/format.ts';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { fetchMatching, useNumberSearch } from '../../lib/number-search.ts';
import { coverage, toggled, withAll } from '../../lib/selection.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { ButtonLink } from './button-link.tsx';
import { Checkbox } from './checkbox.tsx';
import { Input } from './input.tsx';
import { RetryAlert } from './retry-alert.tsx';
import { Skeleton } from './skeleton.tsx';
import { Spinner } from './spinner.tsx';

const ROW_HEIGHT = 48;
/** A row with a detail line (e.g. the end date) under or beside the number. */
const DETAIL_ROW_HEIGHT = 60;
/** The next page is asked for when the list is scrolled this close to the last loaded row. */
const LOAD_AHEAD_ROWS = 10;

/** What a picker hands back of the numbers chosen. */
export type PickedNumber = Pick<VoipNumber, 'id' | 'phoneNumber'>;

type Props = {
  /** 'multiple': checkboxes (a page's numbers); 'single': one number (a single endpoint). */
  mode: 'multiple' | 'single';
  selected: ReadonlySet<string>;
  /**
   * The new selection, and the numbers just chosen (the one picked or checked, or the shown ones
   * 'Select shown' added; none when numbers were only taken off).
   */
  onChange: (next: ReadonlySet<string>, chosen: readonly PickedNumber[]) => void;
  /** The list's accessible name, e.g. 'Numbers on this page'. */
  label: string;
  /** The id of an error text describing the list (aria-describedby). */
  errorId?: string;
  invalid?: boolean;
  /** The search box's accessible name (default 'Search numbers'; on a page with the site's search, say whose numbers). */
  searchLabel?: string;
  /** Under 'Your collection has no numbers yet.': what adding numbers is for here (default 'Add numbers first, then share them here.'). */
  emptyHint?: string;
  /** Shown in each row beside the number (e.g. its end date); rows grow to fit two lines. */
  rowDetail?: (n: VoipNumber) => ReactNode;
  /**
   * Multiple mode: 'Select all n' picks every number the search matches, loaded or not (the
   * server answers them), when they are at most this many.
   */
  selectAllMax?: number;
};

/**
 * A searchable number picker for collections of any size (10,000 numbers): the server searches
 * (phone digits, tag, link host or path) and pages 100 at a time, the next page loads as the list
 * scrolls, and only the rows in view are in the DOM. The selection is a Set of ids kept by the
 * caller, so numbers picked under one search stay picked under another. Multiple mode has
 * 'Select shown' (the loaded matches), 'Clear' and 'n selected'. Used wherever a number is picked
 * (a page's numbers, a single endpoint's number, the date check's numbers).
 */
export function NumberPicker({
  mode,
  selected,
  onChange,
  label,
  errorId,
  invalid,
  searchLabel,
  emptyHint,
  rowDetail,
  selectAllMax,
}: Props) {
  const t = useT();
  const { tag } = useLocale();
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), 250);
  const list = useNumberSearch(q);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const first = list.data?.pages[0];
  const shownIds = useMemo(() => items.map((n) => n.id), [items]);
  const state = coverage(selected, shownIds);
  const searching = query.trim() !== q || (list.isFetching && list.isPlaceholderData);

  if (list.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        <span className="sr-only" role="status">
          {t('common.picker.loading')}
        </span>
        <Skeleton className="h-11 w-full" />
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }

  if (list.isError && items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center">
        <RetryAlert
          error={list.error}
          fallback={t('common.picker.failed')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      </div>
    );
  }

  if (!q && items.length === 0) {
    return (
      <div
        className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center"
        data-testid="picker-empty"
      >
        <PhoneOff aria-hidden="true" className="size-6 text-slate-400" />
        <p className="mt-2 text-sm font-medium text-slate-900">{t('common.picker.empty')}</p>
        <p className="mt-1 text-sm text-slate-600">{emptyHint ?? t('common.picker.emptyHint')}</p>
        <ButtonLink to="/dashboard/add" variant="accent" size="sm" className="mt-4">
          <Plus aria-hidden="true" className="size-4" />
          {t('common.picker.addNumber')}
        </ButtonLink>
      </div>
    );
  }

  const total =
    first?.total === null || first?.total === undefined
      ? null
      : first.totalCapped
        ? t('common.picker.totalCapped', { count: formatCount(first.total, tag) })
        : t('common.picker.total', { count: first.total });

  return (
    <div className="space-y-2">
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          type="search"
          aria-label={searchLabel ?? t('common.picker.search')}
          placeholder={t('common.picker.searchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="pl-9"
        />
        {searching && (
          <Spinner
            size="sm"
            label={null}
            className="absolute top-1/2 right-3 -translate-y-1/2 text-slate-400"
          />
        )}
      </div>

      <div className="flex min-h-9 flex-wrap items-center gap-x-4 gap-y-1">
        {mode === 'multiple' && (
          <>
            <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
              <Checkbox
                checked={state === 'all'}
                indeterminate={state === 'some'}
                disabled={items.length === 0}
                onChange={(e) =>
                  onChange(
                    withAll(selected, shownIds, e.target.checked),
                    e.target.checked ? items : [],
                  )
                }
                className="size-5"
              />
              {t('common.picker.selectShown', { count: formatCount(items.length, tag) })}
            </label>
            {selectAllMax !== undefined && first && first.total !== null && (
              <SelectAll
                // A new search starts afresh: an error shown was about the last one.
                key={q}
                q={q}
                total={first.totalCapped ? null : first.total}
                loaded={items.length}
                max={selectAllMax}
                onSelect={(numbers) =>
                  onChange(
                    withAll(
                      selected,
                      numbers.map((n) => n.id),
                      true,
                    ),
                    numbers,
                  )
                }
              />
            )}
            <Button
              variant="link"
              size="sm"
              className="text-sm"
              disabled={selected.size === 0}
              onClick={() => onChange(new Set(), [])}
            >
              {t('common.actions.clear')}
            </Button>
          </>
        )}
        <span className="ml-auto text-sm text-slate-600 tabular-nums" aria-live="polite">
          {mode === 'multiple' ? (
            <span data-testid="picker-selected">
              {t('common.picker.selected', { count: formatCount(selected.size, tag) })}
            </span>
          ) : (
            total
          )}
        </span>
      </div>

      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          {t('common.picker.noMatch', { query: q })}
        </p>
      ) : (
        <VirtualRows
          numbers={items}
          mode={mode}
          selected={selected}
          label={label}
          errorId={errorId}
          invalid={invalid}
          rowDetail={rowDetail}
          onToggle={(n, on) =>
            onChange(
              mode === 'single' ? new Set([n.id]) : toggled(selected, n.id, on),
              on ? [n] : [],
            )
          }
          onNearEnd={() => {
            if (list.hasNextPage && !list.isFetchingNextPage && !list.isError) {
              void list.fetchNextPage();
            }
          }}
        />
      )}

      {list.isFetchingNextPage && (
        <p className="flex items-center gap-2 text-xs text-slate-600" role="status">
          <Spinner size="sm" label={null} className="text-brand-900" />
          {t('common.picker.loadingMore')}
        </p>
      )}
      {list.isError && items.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <Alert tone="error" className="flex-1">
            {errorMessage(list.error, t('common.picker.failed'))}
          </Alert>
          <Button variant="secondary" size="sm" onClick={() => void list.fetchNextPage()}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('common.actions.tryAgain')}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * 'Select all n': shown when the search matches more numbers than are loaded. It asks the server
 * for every match (up to `max`); past `max` (or past the count's cap: `total` null) it says to
 * narrow the search instead.
 */
function SelectAll({
  q,
  total,
  loaded,
  max,
  onSelect,
}: {
  q: string;
  total: number | null;
  loaded: number;
  max: number;
  onSelect: (numbers: readonly PickedNumber[]) => void;
}) {
  const t = useT();
  const { tag } = useLocale();
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({
    busy: false,
    error: null,
  });
  if (total !== null && total <= loaded) return null;
  if (total === null || total > max) {
    return (
      <span className="text-sm text-slate-600">
        {t('common.picker.selectUpTo', { max: formatCount(max, tag) })}
      </span>
    );
  }
  const select = async () => {
    setState({ busy: true, error: null });
    try {
      const found = await fetchMatching(q, max);
      onSelect(found.items);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  return (
    <>
      <Button variant="link" size="sm" className="text-sm" loading={state.busy} onClick={select}>
        {t('common.picker.selectAll', { count: formatCount(total, tag) })}
      </Button>
      {state.error !== null && (
        <Alert tone="error" className="w-full">
          {errorMessage(state.error, t('common.picker.failed'))}
        </Alert>
      )}
    </>
  );
}

function VirtualRows({
  numbers,
  mode,
  selected,
  label,
  errorId,
  invalid,
  rowDetail,
  onToggle,
  onNearEnd,
}: {
  numbers: VoipNumber[];
  mode: 'multiple' | 'single';
  selected: ReadonlySet<string>;
  label: string;
  errorId: string | undefined;
  invalid: boolean | undefined;
  rowDetail: ((n: VoipNumber) => ReactNode) | undefined;
  onToggle: (n: VoipNumber, on: boolean) => void;
  onNearEnd: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const name = useId();
  // TanStack Virtual is not React Compiler-compatible; this app does not use the compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: numbers.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => (rowDetail ? DETAIL_ROW_HEIGHT : ROW_HEIGHT),
    overscan: 8,
    getItemKey: (i) => numbers[i]!.id,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.length > 0 ? rows[rows.length - 1]!.index : -1;
  const nearEnd = useRef(onNearEnd);
  useEffect(() => {
    nearEnd.current = onNearEnd;
  });
  useEffect(() => {
    if (lastShown >= numbers.length - LOAD_AHEAD_ROWS) nearEnd.current();
  }, [lastShown, numbers.length]);

  return (
    <div
      ref={scroller}
      role={mode === 'single' ? 'radiogroup' : 'group'}
      aria-label={label}
      aria-describedby={errorId}
      aria-invalid={invalid || undefined}
      className={cn(
        'max-h-64 overflow-y-auto overscroll-contain rounded-xl border sm:max-h-72',
        invalid ? 'border-red-500' : 'border-slate-200',
      )}
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((v) => {
          const n = numbers[v.index]!;
          return (
            <div
              key={v.key}
              className="absolute top-0 left-0 w-full"
              style={{ height: v.size, transform: `translateY(${v.start}px)` }}
            >
              <PickerRow
                number={n}
                mode={mode}
                name={name}
                checked={selected.has(n.id)}
                onToggle={onToggle}
                detail={rowDetail?.(n)}
                last={v.index === numbers.length - 1}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}

const PickerRow = memo(function PickerRow({
  number: n,
  mode,
  name,
  checked,
  onToggle,
  detail,
  last,
}: {
  number: VoipNumber;
  mode: 'multiple' | 'single';
  name: string;
  checked: boolean;
  onToggle: (n: VoipNumber, on: boolean) => void;
  detail: ReactNode;
  last: boolean;
}) {
  const t = useT();
  const formatted = formatPhone(n.phoneNumber);
  const meta = [
    !n.isActive && t('common.picker.inactive'),
    n.tags.map((tag) => tag.name).join(', '),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <label
      data-testid="picker-row"
      className={cn(
        'flex h-full cursor-pointer items-center gap-3 px-3',
        !last && 'border-b border-slate-100',
        checked ? 'bg-brand-50/60 hover:bg-brand-50' : 'hover:bg-slate-50',
      )}
    >
      {mode === 'single' ? (
        <input
          type="radio"
          name={name}
          checked={checked}
          onChange={() => onToggle(n, true)}
          className="size-5 shrink-0 cursor-pointer accent-brand-700 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-offset-2 focus-visible:outline-none"
        />
      ) : (
        <Checkbox
          checked={checked}
          onChange={(e) => onToggle(n, e.target.checked)}
          className="size-5"
        />
      )}
      {detail ? (
        <span className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-3">
          <span className="flex min-w-0 items-baseline gap-2">
            <NumberText formatted={formatted} meta={meta} />
          </span>
          {detail}
        </span>
      ) : (
        <NumberText formatted={formatted} meta={meta} />
      )}
    </label>
  );
});

function NumberText({ formatted, meta }: { formatted: string; meta: string }) {
  return (
    <>
      <span className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
        {formatted}
      </span>
      {meta && <span className="min-w-0 truncate text-xs text-slate-500">{meta}</span>}
    </>
  );
}
