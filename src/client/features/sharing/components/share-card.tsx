import { useState, type ReactNode } from 'react';
import { Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import type { Endpoint, Page } from '../../../../shared/sharing.ts';
import { ActionsMenu } from '../../../components/ui/actions-menu.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { t as translate, useT } from '../../../lib/i18n.tsx';
import { shareApi, type ShareKind } from '../api/keys.ts';
import { useDeleteShare, useRegenerateShare, useUpdateShare } from '../api/save-share.ts';
import { ShareCardFoot } from './share-link.tsx';

/** Each kind's wording on its card (titles and failure messages): catalogue keys. */
const cardText = {
  page: {
    testId: 'page-card',
    toggleFailed: 'settings.pages.updateFailed',
    notFoundTitle: 'share.page.notFoundTitle',
    deleteTitle: 'settings.pages.deleteTitle',
    failed: { update: 'settings.pages.updateFailed', remove: 'settings.pages.deleteFailed' },
  },
  single: {
    testId: 'endpoint-card',
    toggleFailed: 'settings.endpoints.toggleFailed',
    notFoundTitle: 'share.single.notFoundTitle',
    deleteTitle: 'settings.endpoints.deleteTitle',
    failed: {
      update: 'settings.endpoints.updateFailed',
      remove: 'settings.endpoints.deleteFailed',
    },
  },
} as const satisfies Record<
  ShareKind,
  {
    testId: string;
    toggleFailed: MessageId;
    notFoundTitle: MessageId;
    deleteTitle: MessageId;
    failed: { update: MessageId; remove: MessageId };
  }
>;

/** Select mode of a list: a checkbox on each card. */
export type CardSelection = {
  selected: boolean;
  onSelectedChange: (id: string, on: boolean) => void;
};

/**
 * One shared link's card: name, what `meta` shows under it (given whether the item is active), the
 * Active switch, the ⋮ menu (Edit, Regenerate link, Delete; both confirmed), `children`, then the
 * public link with Copy and Open, views, last access and creation. With `selection`, a checkbox.
 */
export function ShareCard({
  kind,
  item,
  now,
  onEdit,
  selection,
  meta,
  children,
}: {
  kind: ShareKind;
  item: Page | Endpoint;
  now: Date;
  onEdit: () => void;
  selection?: CardSelection;
  meta: (active: boolean) => ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  const text = cardText[kind];
  const update = useUpdateShare(kind);
  const regenerate = useRegenerateShare(kind);
  const del = useDeleteShare(kind);
  const [confirm, setConfirm] = useState<'regenerate' | 'delete' | null>(null);
  // While a toggle is in flight the switch shows where it is going.
  const active =
    update.isPending && update.variables.changes.isActive !== undefined
      ? update.variables.changes.isActive
      : item.isActive;
  const headingId = `${kind}-${item.id}`;

  const toggle = (isActive: boolean) =>
    update.mutate(
      { id: item.id, changes: { isActive } },
      { onError: (err) => toast.error(errorMessage(err, translate(text.toggleFailed))) },
    );

  return (
    <article
      data-testid={text.testId}
      aria-labelledby={headingId}
      className={cn(
        'flex h-full flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm sm:p-5',
        selection?.selected ? 'border-brand-400 ring-1 ring-brand-400' : 'border-slate-200',
      )}
    >
      <div className="flex items-start gap-3">
        {selection && (
          <Checkbox
            checked={selection.selected}
            onChange={(ev) => selection.onSelectedChange(item.id, ev.target.checked)}
            aria-label={t('settings.shareCard.select', { name: item.name })}
            className="mt-1 size-5"
          />
        )}
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-base font-semibold break-words text-slate-900">
            {item.name}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2">{meta(active)}</div>
        </div>
        <Switch
          checked={active}
          onChange={toggle}
          disabled={update.isPending}
          label={t('settings.shareCard.activeOf', { name: item.name })}
          className="mt-1"
        />
        <ActionsMenu
          label={t('settings.actions.actionsOf', { name: item.name })}
          actions={[
            { label: t('settings.actions.edit'), icon: Pencil, onSelect: onEdit },
            {
              label: t('settings.shareCard.regenerateLink'),
              icon: RefreshCw,
              onSelect: () => setConfirm('regenerate'),
            },
            {
              label: t('settings.actions.delete'),
              icon: Trash2,
              onSelect: () => setConfirm('delete'),
              danger: true,
            },
          ]}
        />
      </div>

      {children}

      <ShareCardFoot
        item={item}
        url={shareApi[kind].url(item.hash)}
        active={active}
        now={now}
        notFoundTitle={t(text.notFoundTitle)}
        deleteTitle={t(text.deleteTitle)}
        confirm={confirm}
        onConfirmChange={setConfirm}
        regenerate={regenerate}
        remove={del}
        failed={{ update: t(text.failed.update), remove: t(text.failed.remove) }}
      />
    </article>
  );
}
