import { useCallback, useMemo, useState } from 'react';
import { CheckSquare, Download, Link2, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Endpoint } from '../../../../shared/sharing.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { downloadCsv } from '../../../lib/csv.ts';
import { t as translate, useT } from '../../../lib/i18n.tsx';
import { coverage, toggled, withAll } from '../../../lib/selection.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { singleEndpointUrl } from '../api/keys.ts';
import { useEndpoints } from '../api/list-shares.ts';
import { useBulkDeleteEndpoints } from '../api/save-share.ts';
import { endpointsCsv, remarkOptions } from '../endpoints.ts';
import { EndpointCard } from './endpoint-card.tsx';
import { EndpointCreateDialog } from './endpoint-create-dialog.tsx';
import { EndpointEditDialog } from './endpoint-edit-dialog.tsx';
import { ShareListPage } from './share-list-page.tsx';

/**
 * /dashboard/single-api: the owner's single endpoints, filtered by remark (in the URL), with a
 * Select Endpoints mode (select all, export CSV, delete selected, cancel), and the create and edit
 * dialogs.
 */
export function SingleEndpointsPage() {
  const t = useT();
  const { params, set } = useUrlFilters<'remark'>();
  const remark = params.get('remark') ?? '';
  const list = useEndpoints(remark);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const remarks = list.data?.pages[0]?.remarks ?? [];
  const options = remarkOptions(t, remarks, remark);
  const total = remarks.reduce((sum, r) => sum + r.count, 0);
  const now = useNow();

  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Endpoint | null>(null);
  const [selectMode, setSelectMode] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const bulkDelete = useBulkDeleteEndpoints();

  // Only loaded endpoints that match the filter count as selected.
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
    const file = endpointsCsv(picked, (hash) => singleEndpointUrl(hash));
    if (!file) return void toast.error(translate('settings.endpoints.noneSelected'));
    downloadCsv(file.filename, file.csv);
  };
  const deleteSelected = () =>
    bulkDelete.mutate(
      picked.map((e) => e.id),
      {
        onSuccess: ({ deleted }) => {
          toast.success(translate('settings.endpoints.deletedCount', { count: deleted }));
          setConfirmDelete(false);
          exitSelect();
        },
        onError: (err) =>
          toast.error(errorMessage(err, translate('settings.endpoints.bulkDeleteFailed'))),
      },
    );

  return (
    <ShareListPage
      icon={Link2}
      title={t('settings.endpoints.title')}
      description={t('settings.endpoints.description')}
      actions={
        <div className="flex flex-wrap gap-2 [&>*]:whitespace-nowrap">
          {!selectMode && (
            <Button
              variant="secondary"
              onClick={() => setSelectMode(true)}
              disabled={items.length === 0}
            >
              <CheckSquare aria-hidden="true" className="size-4" />
              {t('settings.endpoints.selectEntries')}
            </Button>
          )}
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {t('settings.endpoints.createEntry')}
          </Button>
        </div>
      }
      controls={
        <>
          {(total > 0 || remark) && (
            <div className="flex flex-wrap items-center gap-3">
              <label htmlFor="remark-filter" className="text-sm font-medium text-slate-800">
                {t('settings.endpoints.remark')}
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
                <Spinner
                  size="sm"
                  label={t('settings.endpoints.filtering')}
                  className="text-brand-900"
                />
              )}
            </div>
          )}

          {selectMode && (
            <div
              role="toolbar"
              aria-label={t('settings.endpoints.selection')}
              className="sticky top-16 z-10 flex flex-wrap items-center gap-3 rounded-2xl border border-brand-200 bg-brand-50/95 px-4 py-3 backdrop-blur"
            >
              <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
                <Checkbox
                  checked={state === 'all'}
                  indeterminate={state === 'some'}
                  onChange={(e) => setSelected((s) => withAll(s, ids, e.target.checked))}
                  className="size-5"
                />
                {t('settings.endpoints.selectAll')}
              </label>
              <span
                className="text-sm text-slate-700"
                aria-live="polite"
                data-testid="selected-count"
              >
                {t('settings.endpoints.selectedCount', { count: picked.length })}
              </span>
              <div className="flex flex-wrap gap-2 sm:ml-auto">
                <Button variant="secondary" size="sm" onClick={exportSelected}>
                  <Download aria-hidden="true" className="size-4" />
                  {t('settings.endpoints.exportCsv')}
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  disabled={picked.length === 0}
                  onClick={() => setConfirmDelete(true)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t('settings.endpoints.deleteSelected')}
                </Button>
                <Button variant="secondary" size="sm" onClick={exitSelect}>
                  {t('settings.actions.cancel')}
                </Button>
              </div>
            </div>
          )}
        </>
      }
      list={list}
      items={items}
      text={{
        loading: t('settings.endpoints.loading'),
        failed: t('settings.endpoints.fetchFailed'),
        loadingMore: t('settings.endpoints.loadingMore'),
        listLabel: t('settings.endpoints.listLabel'),
        count: (count, more) =>
          more
            ? t('settings.endpoints.countShown', { count })
            : t('settings.endpoints.count', { count }),
      }}
      empty={{
        testId: 'entries-empty',
        title: remark
          ? t('settings.endpoints.emptyRemarkTitle', { remark })
          : t('settings.endpoints.emptyTitle'),
        text: remark ? t('settings.endpoints.emptyRemarkText') : t('settings.endpoints.emptyText'),
        action: remark ? (
          <Button variant="accent" className="mt-6" onClick={() => set('remark', undefined)}>
            {t('settings.endpoints.showAll')}
          </Button>
        ) : (
          <Button variant="accent" className="mt-6" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {t('settings.endpoints.createFirst')}
          </Button>
        ),
      }}
      renderItem={(e) => (
        <EndpointCard
          endpoint={e}
          now={now}
          selectMode={selectMode}
          selected={selected.has(e.id)}
          onSelectedChange={onSelectedChange}
          onEdit={setEditing}
        />
      )}
    >
      <EndpointCreateDialog open={creating} onOpenChange={setCreating} />
      <EndpointEditDialog endpoint={editing} onOpenChange={(o) => !o && setEditing(null)} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('settings.endpoints.deleteSelectedTitle')}
        description={t('settings.endpoints.deleteSelectedText', { count: picked.length })}
        confirmLabel={t('settings.actions.delete')}
        loading={bulkDelete.isPending}
        onConfirm={deleteSelected}
      />
    </ShareListPage>
  );
}
