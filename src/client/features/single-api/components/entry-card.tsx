import { memo, useState } from 'react';
import { Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Entry } from '../../../../shared/sharing.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { ActionsMenu } from '../../../components/ui/actions-menu.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ShareCardFoot } from '../../../components/ui/share-link.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { singleEndpointUrl } from '../api/keys.ts';
import { useDeleteEntry, useRegenerateEntry, useUpdateEntry } from '../api/save-entry.ts';

type Props = {
  entry: Entry;
  now: Date;
  selectMode: boolean;
  selected: boolean;
  onSelectedChange: (id: string, on: boolean) => void;
  onEdit: (entry: Entry) => void;
};

/**
 * One single endpoint: name, number, remark, Active switch, its public link with Copy and Open,
 * views, last access and creation; the ⋮ menu edits, regenerates the link or deletes (confirmed).
 * In select mode, a checkbox.
 */
export const EntryCard = memo(function EntryCard({
  entry: e,
  now,
  selectMode,
  selected,
  onSelectedChange,
  onEdit,
}: Props) {
  const update = useUpdateEntry();
  const regenerate = useRegenerateEntry();
  const del = useDeleteEntry();
  const [confirm, setConfirm] = useState<'regenerate' | 'delete' | null>(null);
  const formatted = formatPhone(e.phoneNumber);
  const active =
    update.isPending && update.variables.changes.isActive !== undefined
      ? update.variables.changes.isActive
      : e.isActive;

  return (
    <article
      data-testid="entry-card"
      aria-labelledby={`entry-${e.id}`}
      className={cn(
        'flex h-full flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm sm:p-5',
        selected ? 'border-brand-400 ring-1 ring-brand-400' : 'border-slate-200',
      )}
    >
      <div className="flex items-start gap-3">
        {selectMode && (
          <Checkbox
            checked={selected}
            onChange={(ev) => onSelectedChange(e.id, ev.target.checked)}
            aria-label={`Select ${e.name}`}
            className="mt-1 size-5"
          />
        )}
        <div className="min-w-0 flex-1">
          <h2 id={`entry-${e.id}`} className="text-base font-semibold break-words text-slate-900">
            {e.name}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium text-slate-800 tabular-nums">{formatted}</span>
            <Badge tone={active ? 'green' : 'grey'}>{active ? 'Active' : 'Inactive'}</Badge>
            <Badge tone="blue" className="max-w-48">
              <span className="sr-only">Remark: </span>
              <span className="min-w-0 truncate" title={e.remark}>
                {e.remark}
              </span>
            </Badge>
          </div>
        </div>
        <Switch
          checked={active}
          disabled={update.isPending}
          label={`Active: ${e.name}`}
          className="mt-1"
          onChange={(isActive) =>
            update.mutate(
              { id: e.id, changes: { isActive } },
              {
                onError: (err) => toast.error(errorMessage(err, 'Failed to toggle active status')),
              },
            )
          }
        />
        <ActionsMenu
          label={`Actions for ${e.name}`}
          actions={[
            { label: 'Edit', icon: Pencil, onSelect: () => onEdit(e) },
            { label: 'Regenerate link', icon: RefreshCw, onSelect: () => setConfirm('regenerate') },
            { label: 'Delete', icon: Trash2, onSelect: () => setConfirm('delete'), danger: true },
          ]}
        />
      </div>

      <ShareCardFoot
        item={e}
        url={singleEndpointUrl(e.hash)}
        active={active}
        now={now}
        notFoundTitle="API Endpoint Not Found"
        deleteTitle="Delete Entry"
        confirm={confirm}
        onConfirmChange={setConfirm}
        regenerate={regenerate}
        remove={del}
        failed={{
          update: 'Failed to update single API entry',
          remove: 'Failed to delete single API entry',
        }}
      />
    </article>
  );
});
