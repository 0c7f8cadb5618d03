import { useCallback, useMemo, useState } from 'react';
import { CheckSquare, Download, Link2, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Entry } from '../../../../shared/sharing.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { downloadCsv } from '../../../lib/csv.ts';
import { countOf, formatCount } from '../../../lib/format.ts';
import { coverage, toggled, withAll } from '../../../lib/selection.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { singleEndpointUrl } from '../api/keys.ts';
import { useEntries } from '../api/list-entries.ts';
import { useBulkDeleteEntries } from '../api/save-entry.ts';
import { NO_ENTRIES_SELECTED, deletedText, entriesCsv, remarkOptions } from '../entries.ts';
import { EntryCard } from './entry-card.tsx';
import { EntryCreateDialog } from './entry-create-dialog.tsx';
import { EntryEditDialog } from './entry-edit-dialog.tsx';

/**
 * /dashboard/single-api: the owner's single endpoints, filtered by remark (in the URL), with a
 * Select Entries mode (select all, export CSV, delete selected, cancel), and the create and edit
 * dialogs.
 */
export function SingleApiPage() {
  const { params, set } = useUrlFilters<'remark'>();
  const remark = params.get('remark') ?? '';
  const list = useEntries(remark);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const remarks = list.data?.pages[0]?.remarks ?? [];
  const options = remarkOptions(remarks, remark);
  const total = remarks.reduce((sum, r) => sum + r.count, 0);
  const now = useNow();

  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Entry | null>(null);
  const [selectMode, setSelectMode] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const bulkDelete = useBulkDeleteEntries();

  // Only loaded entries that match the filter count as selected.
  const picked = useMemo(
    () => (selected.size === 0 ? [] : items.filter((e) => selected.has(e.id))),
    [items, selected],
  );
  const ids = useMemo(() => items.map((e) => e.id), [items]);
  const state = coverage(selected, ids);

  const onSelectedChange = useCallback(
    (id: string, on: boolean) => setSelected((s) => toggled(s, id, on)),
    [setSelected],
  );
  const exitSelect = () => {
    setSelectMode(false);
    setSelected(new Set());
  };
  const exportSelected = () => {
    const file = entriesCsv(picked, (hash) => singleEndpointUrl(hash));
    if (!file) return void toast.error(NO_ENTRIES_SELECTED);
    downloadCsv(file.filename, file.csv);
  };
  const deleteSelected = () =>
    bulkDelete.mutate(
      picked.map((e) => e.id),
      {
        onSuccess: ({ deleted }) => {
          toast.success(deletedText(deleted));
          setConfirmDelete(false);
          exitSelect();
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to delete single API entries')),
      },
    );

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            <Link2 aria-hidden="true" className="size-7 text-accent-600" />
            Single API
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            One public link per number: its latest messages and codes, live — never its API link.
          </p>
        </div>
        <div className="flex flex-wrap gap-2 [&>*]:whitespace-nowrap">
          {!selectMode && (
            <Button
              variant="secondary"
              onClick={() => setSelectMode(true)}
              disabled={items.length === 0}
            >
              <CheckSquare aria-hidden="true" className="size-4" />
              Select Entries
            </Button>
          )}
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Create Entry
          </Button>
        </div>
      </div>

      {(total > 0 || remark) && (
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor="remark-filter" className="text-sm font-medium text-slate-800">
            Remark
          </label>
          <div className="w-full sm:w-72">
            <Select
              id="remark-filter"
              value={remark}
              onChange={(e) => {
                set('remark', e.target.value || undefined);
                setSelected(new Set());
              }}
            >
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </div>
          {list.isFetching && list.isPlaceholderData && (
            <Spinner size="sm" label="Filtering" className="text-brand-900" />
          )}
        </div>
      )}

      {selectMode && (
        <div
          role="toolbar"
          aria-label="Selection"
          className="sticky top-16 z-10 flex flex-wrap items-center gap-3 rounded-2xl border border-brand-200 bg-brand-50/95 px-4 py-3 backdrop-blur"
        >
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
            <Checkbox
              checked={state === 'all'}
              indeterminate={state === 'some'}
              onChange={(e) => setSelected((s) => withAll(s, ids, e.target.checked))}
              className="size-5"
            />
            Select all
          </label>
          <span className="text-sm text-slate-700" aria-live="polite" data-testid="selected-count">
            {formatCount(picked.length)} selected
          </span>
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <Button variant="secondary" size="sm" onClick={exportSelected}>
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </Button>
            <Button
              variant="danger"
              size="sm"
              disabled={picked.length === 0}
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete Selected
            </Button>
            <Button variant="secondary" size="sm" onClick={exitSelect}>
              Cancel
            </Button>
          </div>
        </div>
      )}

      {list.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading single API entries
          </span>
          {Array.from({ length: 2 }, (_, i) => (
            <div
              key={i}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <Skeleton className="h-5 w-48" />
              <Skeleton className="h-4 w-64" />
              <Skeleton className="h-9 w-full rounded-lg" />
              <Skeleton className="h-4 w-56" />
            </div>
          ))}
        </div>
      ) : list.isError && items.length === 0 ? (
        <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <RetryAlert
            error={null}
            fallback={`Failed to fetch single API entries: ${errorMessage(list.error)}`}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        </Card>
      ) : items.length === 0 ? (
        <Card
          className="flex flex-col items-center px-6 py-16 text-center"
          data-testid="entries-empty"
        >
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <Link2 aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-4 text-base font-medium text-slate-900">
            {remark ? `No entries with the remark “${remark}”.` : 'No single API entries yet'}
          </p>
          <p className="mt-1 max-w-md text-sm text-slate-600">
            {remark
              ? 'Choose another remark, or show every entry.'
              : 'Create an entry for a number and share its link with whoever needs its codes.'}
          </p>
          {remark ? (
            <Button variant="accent" className="mt-6" onClick={() => set('remark', undefined)}>
              Show All Entries
            </Button>
          ) : (
            <Button variant="accent" className="mt-6" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Create Your First Entry
            </Button>
          )}
        </Card>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {list.hasNextPage
              ? `${countOf(items.length, 'entry', 'entries')} shown`
              : countOf(items.length, 'entry', 'entries')}
          </p>
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Single API entries">
            {items.map((e) => (
              <li key={e.id} className="min-w-0">
                <EntryCard
                  entry={e}
                  now={now}
                  selectMode={selectMode}
                  selected={selected.has(e.id)}
                  onSelectedChange={onSelectedChange}
                  onEdit={setEditing}
                />
              </li>
            ))}
          </ul>
          <LoadMore
            list={list}
            failed="Failed to fetch single API entries"
            loadingLabel="Loading more entries"
          />
        </>
      )}

      <EntryCreateDialog open={creating} onOpenChange={setCreating} />
      <EntryEditDialog entry={editing} onOpenChange={(o) => !o && setEditing(null)} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete Selected Entries"
        description={`Are you sure you want to delete ${picked.length} selected entries? This action cannot be undone.`}
        confirmLabel="Delete"
        loading={bulkDelete.isPending}
        onConfirm={deleteSelected}
      />
    </div>
  );
}
