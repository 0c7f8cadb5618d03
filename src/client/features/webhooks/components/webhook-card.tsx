import { useState } from 'react';
import { ChevronDown, KeyRound, Pencil, Send, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { SECRET_OVERLAP_HOURS, type WebhookDto } from '../../../../shared/webhooks.ts';
import { ActionsMenu } from '../../../components/ui/actions-menu.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DeliveryLog } from '../../../components/ui/delivery-log.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { useSendTest } from '../../../lib/deliveries.ts';
import { filtersSummary } from '../../../lib/filters-summary.ts';
import { formatFullTime, formatMessageTime } from '../../../lib/format.ts';
import { T, t as translate, useT } from '../../../lib/i18n.tsx';
import { webhookDeliveries } from '../api/keys.ts';
import { useDeleteWebhook, useRotateSecret, useUpdateWebhook } from '../api/save-webhook.ts';
import { SecretBox, type ShownSecret } from './secret-box.tsx';

/**
 * One endpoint: its URL, events, filters and state (enabled, turned off by the server, failing),
 * the Enabled switch, Send test event, Deliveries (the log, opened below), and the ⋮ menu: Edit,
 * Rotate secret and Delete (both confirmed). A secret just made is shown here once.
 */
export function WebhookCard({
  webhook: w,
  secret,
  onSecretShown,
  onSecretDone,
  onEdit,
  onDeleting,
  onRefresh,
}: {
  webhook: WebhookDto;
  /** This webhook's secret just made or rotated, shown once. */
  secret: ShownSecret | null;
  onSecretShown: (shown: ShownSecret) => void;
  onSecretDone: () => void;
  onEdit: () => void;
  /** Delete was confirmed: once the card is gone, focus goes elsewhere. */
  onDeleting: () => void;
  onRefresh: () => void;
}) {
  const t = useT();
  const update = useUpdateWebhook();
  const del = useDeleteWebhook();
  const rotate = useRotateSecret();
  const test = useSendTest(webhookDeliveries);
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  // While a toggle is on its way the switch shows where it is going.
  const enabled =
    update.isPending && update.variables.changes.enabled !== undefined
      ? update.variables.changes.enabled
      : w.enabled;
  const headingId = `webhook-${w.id}`;
  const logId = `webhook-${w.id}-deliveries`;

  const toggle = (on: boolean) =>
    update.mutate(
      { id: w.id, changes: { enabled: on } },
      {
        onSuccess: () =>
          toast.success(
            translate(on ? 'settings.webhooks.enabledToast' : 'settings.webhooks.disabledToast'),
          ),
        onError: (err) =>
          toast.error(errorMessage(err, translate('settings.webhooks.changeFailed'))),
      },
    );

  const sendTest = () =>
    test.mutate(w.id, {
      onSuccess: () => {
        setOpen(true);
        toast.success(
          translate(w.enabled ? 'settings.webhooks.testSent' : 'settings.webhooks.testQueued'),
        );
      },
      onError: (err) => toast.error(errorMessage(err, translate('settings.webhooks.testFailed'))),
    });

  return (
    <article
      data-testid="webhook-card"
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      {/* Phone: the URL, then state, switch and menu; wider: URL, switch and menu, then state. */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-3 gap-y-2 sm:items-start">
        <h2
          id={headingId}
          className="col-span-3 font-mono text-sm font-semibold break-all text-slate-900 sm:col-span-1 sm:row-start-1 sm:pt-1.5 sm:text-base"
        >
          {w.url}
        </h2>
        <div className="flex min-w-0 flex-wrap items-center gap-2 sm:col-span-3 sm:row-start-2">
          <StatusBadge webhook={w} enabled={enabled} />
          {w.failingSince && (
            <Badge tone="amber">
              <T
                id="settings.labels.failingSince"
                values={{ time: formatMessageTime(w.failingSince) }}
                components={{
                  0: <time dateTime={w.failingSince} title={formatFullTime(w.failingSince)} />,
                }}
              />
            </Badge>
          )}
        </div>
        <Switch
          checked={enabled}
          onChange={toggle}
          disabled={update.isPending}
          label={t('settings.webhooks.enabledOf', { url: w.url })}
          className="sm:col-start-2 sm:row-start-1 sm:mt-1.5"
        />
        <div className="sm:col-start-3 sm:row-start-1">
          <ActionsMenu
            label={t('settings.actions.actionsOf', { name: w.url })}
            actions={[
              { label: t('settings.actions.edit'), icon: Pencil, onSelect: onEdit },
              {
                label: t('settings.webhooks.rotateSecret'),
                icon: KeyRound,
                onSelect: () => {
                  rotate.reset();
                  setConfirm('rotate');
                },
              },
              {
                label: t('settings.actions.delete'),
                icon: Trash2,
                danger: true,
                onSelect: () => {
                  del.reset();
                  setConfirm('delete');
                },
              },
            ]}
          />
        </div>
      </div>

      <dl className="grid gap-x-6 gap-y-1 text-sm sm:flex sm:flex-wrap">
        <div className="flex flex-wrap items-center gap-1.5">
          <dt className="text-slate-600">{t('settings.labels.events')}</dt>
          {w.events.map((e) => (
            <dd key={e}>
              <Badge tone="blue" className="font-mono">
                {e === 'number.expiring'
                  ? `${e} · ${t('settings.webhooks.days', { count: w.expiringDays })}`
                  : e}
              </Badge>
            </dd>
          ))}
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="text-slate-600">{t('settings.labels.numbers')}</dt>
          <dd className="font-medium text-slate-800" data-testid="webhook-filters">
            {filtersSummary(t, w)}
          </dd>
        </div>
      </dl>

      {secret && <SecretBox shown={secret} onDone={onSecretDone} />}

      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={sendTest} loading={test.isPending}>
          {!test.isPending && <Send aria-hidden="true" className="size-4" />}
          {t('settings.webhooks.sendTest')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={open ? logId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          {t('settings.labels.deliveries')}
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'size-4 transition-transform motion-reduce:transition-none',
              open && 'rotate-180',
            )}
          />
        </Button>
      </div>

      {open && (
        <DeliveryLog kind={webhookDeliveries} endpointId={w.id} id={logId} onRefresh={onRefresh} />
      )}

      <ConfirmDialog
        open={confirm === 'rotate'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={t('settings.webhooks.rotateSecret')}
        description={t('settings.webhooks.rotateText', { url: w.url, hours: SECRET_OVERLAP_HOURS })}
        confirmLabel={t('settings.webhooks.rotateSecret')}
        loading={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(w.id, {
            onSuccess: (rotated) => {
              // The secret lives in the shown-once box only: not in the mutation's cache.
              rotate.reset();
              setConfirm(null);
              onSecretShown({ webhookId: w.id, secret: rotated.secret, rotated: true });
            },
          })
        }
      >
        {rotate.isError && (
          <Alert tone="error">
            {errorMessage(rotate.error, t('settings.webhooks.rotateFailed'))}
          </Alert>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={t('settings.webhooks.deleteTitle')}
        description={t('settings.webhooks.deleteText', { url: w.url })}
        confirmLabel={t('settings.webhooks.deleteTitle')}
        loading={del.isPending}
        onConfirm={() => {
          onDeleting();
          del.mutate(w.id, {
            onSuccess: () => {
              setConfirm(null);
              toast.success(translate('settings.webhooks.deleted'));
            },
          });
        }}
      >
        {del.isError && (
          <Alert tone="error">{errorMessage(del.error, t('settings.webhooks.deleteFailed'))}</Alert>
        )}
      </ConfirmDialog>
    </article>
  );
}

function StatusBadge({ webhook: w, enabled }: { webhook: WebhookDto; enabled: boolean }) {
  const t = useT();
  if (enabled) return <Badge tone="green">{t('settings.webhooks.enabled')}</Badge>;
  if (w.disabledReason)
    return (
      <Badge tone="red" className="whitespace-normal">
        {t('settings.labels.turnedOffBecause', { reason: w.disabledReason })}
      </Badge>
    );
  return <Badge tone="grey">{t('settings.webhooks.disabled')}</Badge>;
}
