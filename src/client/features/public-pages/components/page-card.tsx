import { useState } from 'react';
import { Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Page } from '../../../../shared/sharing.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { ActionsMenu } from '../../../components/ui/actions-menu.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { ShareCardFoot } from '../../../components/ui/share-link.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { countOf, formatCount } from '../../../lib/format.ts';
import { publicPageUrl } from '../api/keys.ts';
import { useDeletePage, useRegeneratePage, useUpdatePage } from '../api/save-page.ts';

/**
 * One public page: name, Active switch, numbers (the first 3 and '+N more'), the public link with
 * Copy and Open, views, last access and creation; the ⋮ menu edits, regenerates the link or
 * deletes (both confirmed).
 */
export function PageCard({ page, now, onEdit }: { page: Page; now: Date; onEdit: () => void }) {
  const update = useUpdatePage();
  const regenerate = useRegeneratePage();
  const del = useDeletePage();
  const [confirm, setConfirm] = useState<'regenerate' | 'delete' | null>(null);
  // While a toggle is in flight the switch shows where it is going.
  const active =
    update.isPending && update.variables.changes.isActive !== undefined
      ? update.variables.changes.isActive
      : page.isActive;
  const more = page.numberCount - page.firstNumbers.length;

  const toggle = (isActive: boolean) =>
    update.mutate(
      { id: page.id, changes: { isActive } },
      { onError: (err) => toast.error(errorMessage(err, 'Failed to update public page')) },
    );

  return (
    <article
      data-testid="page-card"
      aria-labelledby={`page-${page.id}`}
      className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={`page-${page.id}`} className="text-base font-semibold break-words text-slate-900">
            {page.name}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <Badge tone={active ? 'green' : 'grey'}>{active ? 'Active' : 'Inactive'}</Badge>
            <span className="text-xs text-slate-600">{countOf(page.numberCount, 'number')}</span>
          </div>
        </div>
        <Switch
          checked={active}
          onChange={toggle}
          disabled={update.isPending}
          label={`Active: ${page.name}`}
          className="mt-1"
        />
        <ActionsMenu
          label={`Actions for ${page.name}`}
          actions={[
            { label: 'Edit', icon: Pencil, onSelect: onEdit },
            { label: 'Regenerate link', icon: RefreshCw, onSelect: () => setConfirm('regenerate') },
            { label: 'Delete', icon: Trash2, onSelect: () => setConfirm('delete'), danger: true },
          ]}
        />
      </div>

      <p className="text-sm text-slate-700 tabular-nums" data-testid="page-numbers">
        {page.numberCount === 0
          ? 'Its numbers were deleted: edit the page to add some.'
          : page.firstNumbers.map(formatPhone).join(', ')}
        {more > 0 && <span className="text-slate-500"> +{formatCount(more)} more</span>}
      </p>

      <ShareCardFoot
        item={page}
        url={publicPageUrl(page.hash)}
        active={active}
        now={now}
        notFoundTitle="Page Not Found"
        deleteTitle="Delete Public Page"
        confirm={confirm}
        onConfirmChange={setConfirm}
        regenerate={regenerate}
        remove={del}
        failed={{ update: 'Failed to update public page', remove: 'Failed to delete public page' }}
      />
    </article>
  );
}
