import { ExternalLink, Eye } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { formatAge, formatFullTime, formatMessageTime } from '../../../lib/format.ts';
import { T, t as translate, useT } from '../../../lib/i18n.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

/**
 * A public link (page or single endpoint) with Copy and Open. The link opens in a new tab without
 * telling the page who sent the visitor (the public pages send no referrer either).
 */
export function ShareLinkRow({
  url,
  name,
  dimmed,
}: {
  url: string;
  /** What the link is for, in the buttons' accessible names. */
  name: string;
  dimmed?: boolean;
}) {
  const t = useT();
  return (
    <div
      className={cn(
        'flex min-w-0 items-center gap-1 rounded-lg bg-slate-50 py-0.5 pr-0.5 pl-3 ring-1 ring-slate-200 ring-inset',
        dimmed && 'opacity-70',
      )}
    >
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="share-link"
        className="min-w-0 flex-1 rounded py-1 font-mono text-xs break-all text-slate-700 hover:text-brand-800 hover:underline focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
      >
        {url}
      </a>
      <CopyButton text={url} label={t('settings.shareCard.copyLinkOf', { name })} />
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('settings.shareCard.openOf', { name })}
        className="inline-flex h-8 shrink-0 items-center gap-1 rounded-md px-2 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
      >
        <ExternalLink aria-hidden="true" className="size-4" />
        <span aria-hidden="true" className="max-sm:hidden">
          {t('settings.shareCard.open')}
        </span>
      </a>
    </div>
  );
}

/** '12 views · Last accessed 5m ago · Created Mar 5, 3:04 PM'. */
export function ShareStats({
  views,
  lastAccessed,
  createdAt,
  now,
}: {
  views: number;
  lastAccessed: string | null;
  createdAt: string;
  now: Date;
}) {
  const t = useT();
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
      <span className="inline-flex items-center gap-1" data-testid="share-views">
        <Eye aria-hidden="true" className="size-3.5" />
        {t('settings.shareCard.views', { count: views })}
      </span>
      <span data-testid="share-last-accessed">
        {lastAccessed ? (
          <T
            id="settings.shareCard.lastAccessed"
            values={{ age: formatAge(t, lastAccessed, now) }}
            components={{
              0: <time dateTime={lastAccessed} title={formatFullTime(lastAccessed)} />,
            }}
          />
        ) : (
          t('settings.shareCard.neverAccessed')
        )}
      </span>
      <span>
        <T
          id="settings.shareCard.created"
          values={{ time: formatMessageTime(createdAt, now) }}
          components={{ 0: <time dateTime={createdAt} title={formatFullTime(createdAt)} /> }}
        />
      </span>
    </p>
  );
}

/** A mutation taking the shared item's id (regenerate, delete). */
type IdMutation = {
  isPending: boolean;
  mutate: (id: string, o: { onSuccess: () => void; onError: (err: Error) => void }) => void;
};

/**
 * The foot of a shared page's or endpoint's card: its link, a note when inactive, the stats, and
 * the confirmations of the ⋮ menu's Regenerate link and Delete.
 */
export function ShareCardFoot({
  item,
  url,
  active,
  now,
  notFoundTitle,
  deleteTitle,
  confirm,
  onConfirmChange,
  regenerate,
  remove,
  failed,
}: {
  item: { id: string; name: string; views: number; lastAccessed: string | null; createdAt: string };
  url: string;
  active: boolean;
  now: Date;
  /** What a visitor of an inactive link sees, e.g. 'Page Not Found'. */
  notFoundTitle: string;
  deleteTitle: string;
  confirm: 'regenerate' | 'delete' | null;
  onConfirmChange: (c: 'regenerate' | 'delete' | null) => void;
  regenerate: IdMutation;
  remove: IdMutation;
  /** The failure messages (docs/product-rules.md), e.g. 'Failed to update public page'. */
  failed: { update: string; remove: string };
}) {
  const t = useT();
  const run = (m: IdMutation, success: string, failure: string) =>
    m.mutate(item.id, {
      onSuccess: () => {
        onConfirmChange(null);
        toast.success(success);
      },
      onError: (err) => toast.error(errorMessage(err, failure)),
    });
  return (
    <>
      <div className={cn('mt-auto space-y-2', !active && 'text-slate-500')}>
        <ShareLinkRow url={url} name={item.name} dimmed={!active} />
        {!active && (
          <p className="text-xs text-slate-600">
            {t('settings.shareCard.inactiveNote', { title: notFoundTitle })}
          </p>
        )}
        <ShareStats
          views={item.views}
          lastAccessed={item.lastAccessed}
          createdAt={item.createdAt}
          now={now}
        />
      </div>
      <ConfirmDialog
        open={confirm === 'regenerate'}
        onOpenChange={(o) => onConfirmChange(o ? 'regenerate' : null)}
        title={t('settings.shareCard.regenerateTitle')}
        description={t('settings.shareCard.regenerateText', { name: item.name })}
        confirmLabel={t('settings.shareCard.regenerate')}
        loading={regenerate.isPending}
        onConfirm={() =>
          run(regenerate, translate('settings.shareCard.regenerated'), failed.update)
        }
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(o) => onConfirmChange(o ? 'delete' : null)}
        title={deleteTitle}
        description={t('settings.shareCard.deleteText', { name: item.name })}
        confirmLabel={t('settings.actions.delete')}
        loading={remove.isPending}
        onConfirm={() =>
          run(remove, translate('settings.shareCard.deleted', { name: item.name }), failed.remove)
        }
      />
    </>
  );
}
