import { useEffect, useRef, useState } from 'react';
import { Plus, Webhook } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_WEBHOOKS_PER_USER, type WebhookDto } from '../../../../shared/webhooks.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { T, useT } from '../../../lib/i18n.tsx';
import { webhookKeys } from '../api/keys.ts';
import { useWebhooks } from '../api/list-webhooks.ts';
import type { ShownSecret } from './secret-box.tsx';
import { WebhookCard } from './webhook-card.tsx';
import { WebhookDialog } from './webhook-dialog.tsx';

type DialogState = { open: boolean; editing: WebhookDto | null };

/**
 * /dashboard/webhooks: the user's endpoints, each with its state, actions and delivery log, and
 * the dialog that adds or edits one. A secret just made is shown once, in its webhook's card.
 */
export function WebhooksPage() {
  const t = useT();
  const list = useWebhooks();
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<DialogState>({ open: false, editing: null });
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** A webhook just deleted: once its card is gone, focus goes to the heading. */
  const deleted = useRef<string | null>(null);
  const full = (list.data?.length ?? 0) >= MAX_WEBHOOKS_PER_USER;

  useEffect(() => {
    const gone = deleted.current;
    if (!gone || list.data?.some((w) => w.id === gone)) return;
    deleted.current = null;
    // After the confirm dialog, unmounted with the card, has given focus back (a timeout).
    setTimeout(() => heading.current?.focus(), 0);
  }, [list.data]);
  const refresh = () => void qc.invalidateQueries({ queryKey: webhookKeys.list });

  const openCreate = () => setDialog({ open: true, editing: null });
  const addButton = (label: string, variant: 'primary' | 'accent', className?: string) => (
    <Button variant={variant} onClick={openCreate} disabled={full} className={className}>
      <Plus aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1
            ref={heading}
            tabIndex={-1}
            className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
          >
            <Webhook aria-hidden="true" className="size-7 text-accent-600" />
            {t('settings.webhooks.title')}
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            <T
              id="settings.webhooks.description"
              components={{
                0: <code className="font-mono text-xs whitespace-nowrap" />,
                1: <code className="font-mono text-xs whitespace-nowrap" />,
                2: <code className="font-mono text-xs whitespace-nowrap" />,
              }}
            />
          </p>
        </div>
        {list.isSuccess &&
          list.data.length > 0 &&
          addButton(t('settings.webhooks.add'), 'primary', 'shrink-0')}
      </div>

      {list.isPending ? (
        <div className="space-y-4" aria-busy="true">
          <span className="sr-only" role="status">
            {t('settings.webhooks.loading')}
          </span>
          {[0, 1].map((i) => (
            <div
              key={i}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <Skeleton className="h-5 w-72 max-w-full" />
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-56 max-w-full" />
              <Skeleton className="h-9 w-48" />
            </div>
          ))}
        </div>
      ) : list.isError && list.data === undefined ? (
        <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <RetryAlert
            error={list.error}
            fallback={t('settings.webhooks.loadFailed')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        </Card>
      ) : list.data.length === 0 ? (
        <Card
          className="flex flex-col items-center px-6 py-16 text-center"
          data-testid="webhooks-empty"
        >
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <Webhook aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-4 text-base font-medium text-slate-900">
            {t('settings.webhooks.emptyTitle')}
          </p>
          <p className="mt-1 max-w-md text-sm text-slate-600">{t('settings.webhooks.emptyText')}</p>
          {addButton(t('settings.webhooks.addFirst'), 'accent', 'mt-6')}
        </Card>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {full
              ? t('settings.webhooks.countFull', { count: list.data.length })
              : t('settings.webhooks.count', { count: list.data.length })}
          </p>
          <ul className="space-y-4" aria-label={t('settings.webhooks.title')}>
            {list.data.map((w) => (
              <li key={w.id} className="min-w-0">
                <WebhookCard
                  webhook={w}
                  secret={secret?.webhookId === w.id ? secret : null}
                  onSecretShown={setSecret}
                  onSecretDone={() => setSecret(null)}
                  onEdit={() => setDialog({ open: true, editing: w })}
                  onDeleting={() => (deleted.current = w.id)}
                  onRefresh={refresh}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      <WebhookDialog
        open={dialog.open}
        editing={dialog.editing}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onCreated={(id, s) => setSecret({ webhookId: id, secret: s, rotated: false })}
      />
    </div>
  );
}
