import { memo, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CalendarSearch, PhoneOff, Plus, RotateCcw, Search } from 'lucide-react';
import type { VoipNumber } from '../../../../shared/numbers.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import {
  daysLeftLabel,
  expiryChipClass,
  expiryIcon,
  expiryOf,
  formatEndDate,
} from '../../../lib/expiry.ts';
import { formatCount } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useAllNumbers } from '../api/list-all-numbers.ts';

const ROW_HEIGHT = 60;

export type PickedNumber = Pick<VoipNumber, 'id' | 'phoneNumber'>;

/** Phone digits, or a tag name / note containing the text. */
function matches(n: VoipNumber, text: string, digits: string) {
  if (digits && n.phoneNumber.includes(digits)) return true;
  return (
    n.tags.some((t) => t.name.toLowerCase().includes(text)) || n.notes.toLowerCase().includes(text)
  );
}

/**
 * 'Select from Collection': every number of the user (pages of 100 loaded in the background) in a
 * virtualised checkbox list with the current end date, search, select all / none and
 * 'Check Selected (n)'.
 */
export function CollectionPicker({
  running,
  onCheck,
}: {
  running: boolean;
  onCheck: (numbers: PickedNumber[]) => void;
}) {
  const list = useAllNumbers();
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? null;
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const shown = useMemo(() => {
    const text = deferredQuery.trim().toLowerCase();
    if (!text) return items;
    const digits = text.replace(/\D/g, '');
    return items.filter((n) => matches(n, text, digits));
  }, [items, deferredQuery]);

  // Only numbers still in the collection count (one may have been deleted meanwhile).
  const picked = useMemo(
    () => (selected.size === 0 ? [] : items.filter((n) => selected.has(n.id))),
    [items, selected],
  );
  const shownSelected = useMemo(
    () => (selected.size === 0 ? 0 : shown.filter((n) => selected.has(n.id)).length),
    [shown, selected],
  );
  const allShown = shown.length > 0 && shownSelected === shown.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const selectShown = (on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const n of shown) {
        if (on) next.add(n.id);
        else next.delete(n.id);
      }
      return next;
    });

  const loading = list.hasNextPage || list.isFetchingNextPage;

  if (list.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <span className="sr-only" role="status">
          Loading your numbers
        </span>
        <Skeleton className="h-11 w-full" />
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }

  if (list.isError && items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-6 text-center">
        <RetryAlert
          error={list.error}
          fallback="Failed to fetch numbers"
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center px-4 py-10 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <PhoneOff aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-3 font-medium text-slate-900">Your collection has no numbers yet.</p>
        <p className="mt-1 text-sm text-slate-600">
          Add numbers with their API links, then check their end dates here.
        </p>
        <ButtonLink to="/dashboard/add" variant="accent" className="mt-5">
          <Plus aria-hidden="true" className="size-4" />
          Add Number
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          type="search"
          aria-label="Search your numbers"
          placeholder="Search by number, tag or note"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="pl-9"
        />
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
          <Checkbox
            checked={allShown}
            indeterminate={shownSelected > 0 && !allShown}
            disabled={shown.length === 0}
            onChange={(e) => selectShown(e.target.checked)}
            className="size-5"
          />
          {deferredQuery.trim() ? `Select all ${formatCount(shown.length)} shown` : 'Select all'}
        </label>
        <Button
          variant="link"
          size="sm"
          className="text-sm"
          disabled={selected.size === 0}
          onClick={() => setSelected(new Set())}
        >
          Select none
        </Button>
        <span
          className="ml-auto text-sm text-slate-600 tabular-nums"
          aria-live="polite"
          data-testid="picker-selected"
        >
          {formatCount(picked.length)} of {formatCount(total ?? items.length)} selected
        </span>
      </div>

      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
          No numbers match “{deferredQuery.trim()}”.
        </p>
      ) : (
        <VirtualNumberList numbers={shown} selected={selected} onToggle={toggle} />
      )}

      {(loading || list.isError) && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {list.isError ? (
            <>
              <Alert tone="error" className="flex-1">
                {errorMessage(list.error, 'Failed to fetch numbers')}
              </Alert>
              <Button variant="secondary" size="sm" onClick={() => void list.fetchNextPage()}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Try again
              </Button>
            </>
          ) : (
            <>
              <Spinner size="sm" label={null} className="text-brand-900" />
              <span role="status">
                Loading numbers… {formatCount(items.length)}
                {total !== null ? ` of ${formatCount(total)}` : ''}
              </span>
            </>
          )}
        </div>
      )}

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">Found end dates are saved on the numbers.</p>
        <Button
          variant="primary"
          loading={running}
          disabled={picked.length === 0}
          onClick={() => onCheck(picked.map((n) => ({ id: n.id, phoneNumber: n.phoneNumber })))}
          className="w-full sm:w-auto"
        >
          {!running && <CalendarSearch aria-hidden="true" className="size-4" />}
          {running ? 'Checking...' : `Check Selected (${formatCount(picked.length)})`}
        </Button>
      </div>
    </div>
  );
}

/** The scrolling list; only the rows in view (plus a margin) are in the DOM. */
function VirtualNumberList({
  numbers,
  selected,
  onToggle,
}: {
  numbers: VoipNumber[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual is not React Compiler-compatible; this app does not use the compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: numbers.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (i) => numbers[i]!.id,
  });
  const nowMs = useNow().getTime();

  return (
    <div
      ref={scroller}
      role="group"
      aria-label="Your numbers"
      className="max-h-[26rem] overflow-y-auto overscroll-contain rounded-xl border border-slate-200"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((v) => {
          const n = numbers[v.index]!;
          return (
            <div
              key={v.key}
              className="absolute top-0 left-0 w-full"
              style={{ height: v.size, transform: `translateY(${v.start}px)` }}
            >
              <PickerRow
                number={n}
                checked={selected.has(n.id)}
                onToggle={onToggle}
                nowMs={nowMs}
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
  checked,
  onToggle,
  nowMs,
  last,
}: {
  number: VoipNumber;
  checked: boolean;
  onToggle: (id: string, on: boolean) => void;
  nowMs: number;
  last: boolean;
}) {
  const formatted = formatPhone(n.phoneNumber);
  const { days, band } = expiryOf(n.endDate, new Date(nowMs));
  const ExpiryIcon = expiryIcon[band];
  const meta = [!n.isActive && 'Inactive', n.tags.map((t) => t.name).join(', ')]
    .filter(Boolean)
    .join(' · ');
  return (
    <label
      data-testid="picker-row"
      className={cn(
        'flex h-full cursor-pointer items-center gap-3 px-3 hover:bg-slate-50 sm:px-4',
        !last && 'border-b border-slate-100',
        checked && 'bg-brand-50/60 hover:bg-brand-50',
      )}
    >
      <Checkbox
        checked={checked}
        onChange={(e) => onToggle(n.id, e.target.checked)}
        aria-label={`Select ${formatted}`}
        className="size-5"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-3">
        <span className="flex min-w-0 items-baseline gap-2">
          <span className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
            {formatted}
          </span>
          {meta && <span className="min-w-0 truncate text-xs text-slate-500">{meta}</span>}
        </span>
        <span
          className={cn(
            'inline-flex w-fit shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 text-xs whitespace-nowrap ring-1 ring-inset sm:ml-auto',
            expiryChipClass[band],
          )}
        >
          <ExpiryIcon aria-hidden="true" className="size-3.5 shrink-0" />
          {n.endDate && days !== null ? (
            <>
              <span className="sr-only">End date </span>
              <span className="font-medium">{formatEndDate(n.endDate)}</span>
              <span aria-hidden="true">·</span>
              <span>{daysLeftLabel(days)}</span>
            </>
          ) : (
            <span className="font-medium">No end date yet</span>
          )}
        </span>
      </span>
    </label>
  );
});
