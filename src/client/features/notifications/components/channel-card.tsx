import { useState } from 'react';
import { ChevronDown, Pencil, Power, PowerOff, Send, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { TELEGRAM_LINK_HOURS, type ChannelDto } from '../../../../shared/channels.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DeliveryLog } from '../../../components/ui/delivery-log.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { useSendTest } from '../../../lib/deliveries.ts';
import { filtersSummary } from '../../../lib/filters-summary.ts';
import { formatFullTime, formatMessageTime } from '../../../lib/format.ts';
import { T, t as translate, useT } from '../../../lib/i18n.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { channelDeliveries } from '../api/keys.ts';
import { useDeleteChannel, useUpdateChannel } from '../api/save-channel.ts';
import {
  CHANNEL_EVENT_TEXT,
  CHANNEL_TYPE_TEXT,
  channelTarget,
  isLinked,
  quietHoursText,
  remindersText,
} from '../channel-text.ts';
import { ChannelIcon } from './channel-icon.tsx';
import { TelegramLink, type ShownLink } from './telegram-link.tsx';

const HOUR_MS = 3_600_000;

/**
 * One notification channel: its type, where it sends, events, filters, quiet hours and state (On,
 * Off, turned off by the server, failing), with Send test, Deliveries (the shared log, opened
 * below), Edit, Turn on/off and Delete (confirmed). A new Telegram channel's link is shown here
 * until its chat is linked.
 */
export function ChannelCard({
  channel: c,
  link,
  onHideLink,
  onEdit,
  onDeleting,
  onRefresh,
}: {
  channel: ChannelDto;
  /** This channel's Telegram link, just made (component state only). */
  link: ShownLink | null;
  onHideLink: () => void;
  onEdit: () => void;
  /** Delete was confirmed: once the card is gone, focus goes elsewhere. */
  onDeleting: () => void;
  onRefresh: () => void;
}) {
  const t = useT();
  const update = useUpdateChannel();
  const del = useDeleteChannel();
  const test = useSendTest(channelDeliveries);
  const now = useNow();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const label = t(CHANNEL_TYPE_TEXT[c.type]);
  const target = channelTarget(t, c);
  const waiting = c.type === 'telegram' && !isLinked(c);
  const linkExpired =
    waiting && Date.parse(c.createdAt) + TELEGRAM_LINK_HOURS * HOUR_MS <= now.getTime();
  // While a toggle is on its way the card shows where it is going.
  const enabled =
    update.isPending && update.variables.changes.enabled !== undefined
      ? update.variables.changes.enabled
      : c.enabled;
  const headingId = `channel-${c.id}`;
  const targetId = `channel-${c.id}-target`;
  const logId = `channel-${c.id}-deliveries`;

  const toggle = () =>
    update.mutate(
      { id: c.id, changes: { enabled: !enabled } },
      {
        onSuccess: (saved) =>
          toast.success(
            translate(saved.enabled ? 'settings.channels.turnedOn' : 'settings.channels.turnedOff'),
          ),
        onError: (err) =>
          toast.error(errorMessage(err, translate('settings.channels.changeFailed'))),
      },
    );

  const sendTest = () =>
    test.mutate(c.id, {
      onSuccess: () => {
        setOpen(true);
        toast.success(
          translate(c.enabled ? 'settings.channels.testSent' : 'settings.channels.testQueued'),
        );
      },
      onError: (err) => toast.error(errorMessage(err, translate('settings.channels.testFailed'))),
    });

  return (
    <article
      data-testid="channel-card"
      aria-labelledby={target ? `${headingId} ${targetId}` : headingId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 sm:p-4"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
          <ChannelIcon type={c.type} />
        </span>
        <div className="min-w-0 flex-1 space-y-0.5">
          <div
            className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1"
            data-testid="channel-status"
          >
            <h3 id={headingId} className="text-sm font-semibold text-slate-900">
              {label}
            </h3>
            <StatusBadge channel={c} enabled={enabled} />
            {c.failingSince && (
              <Badge tone="amber">
                <T
                  id="settings.labels.failingSince"
                  values={{ time: formatMessageTime(c.failingSince) }}
                  components={{
                    0: <time dateTime={c.failingSince} title={formatFullTime(c.failingSince)} />,
                  }}
                />
              </Badge>
            )}
          </div>
          {target && (
            <p
              id={targetId}
              data-testid="channel-target"
              className={cn('text-sm break-all', waiting ? 'text-slate-500' : 'text-slate-700')}
            >
              {target}
            </p>
          )}
          {waiting && (
            <p className="text-xs text-slate-600">
              {linkExpired ? t('settings.channels.linkExpired') : t('settings.channels.turnsOn')}
            </p>
          )}
        </div>
      </div>

      <dl className="space-y-1.5 text-sm">
        <div className="flex flex-wrap items-center gap-1.5">
          <dt className="text-slate-600">{t('settings.labels.events')}</dt>
          {c.events.map((e) => (
            <dd key={e}>
              <Badge tone="blue">{t(CHANNEL_EVENT_TEXT[e])}</Badge>
            </dd>
          ))}
        </div>
        {c.events.includes('number.expiring') && (
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-slate-600">{t('settings.channels.reminders')}</dt>
            <dd className="text-slate-800">{remindersText(t, c.reminderDays)}</dd>
          </div>
        )}
        <div className="flex flex-wrap gap-x-1.5">
          <dt className="text-slate-600">{t('settings.labels.numbers')}</dt>
          <dd className="font-medium text-slate-800" data-testid="channel-filters">
            {filtersSummary(t, c)}
          </dd>
        </div>
        {c.quietHours && (
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-slate-600">{t('settings.channels.quietHours')}</dt>
            <dd className="break-words text-slate-800" data-testid="channel-quiet-hours">
              {quietHoursText(t, c.quietHours)}
            </dd>
          </div>
        )}
      </dl>

      {link && waiting && <TelegramLink link={link.link} onHide={onHideLink} />}

      {/* Phone: Send test and Deliveries, then the rest; wider: one row, the rest on the right. */}
      <div className="flex flex-wrap items-center gap-2">
        {!waiting && (
          <Button variant="secondary" size="sm" onClick={sendTest} loading={test.isPending}>
            {!test.isPending && <Send aria-hidden="true" className="size-4" />}
            {t('settings.channels.sendTest')}
          </Button>
        )}
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
        <div className="flex flex-wrap items-center sm:ml-auto">
          <Button variant="ghost" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('settings.actions.edit')}
          </Button>
          {!waiting && (
            <Button variant="ghost" size="sm" onClick={toggle} disabled={update.isPending}>
              {enabled ? (
                <PowerOff aria-hidden="true" className="size-4" />
              ) : (
                <Power aria-hidden="true" className="size-4" />
              )}
              {enabled ? t('settings.channels.turnOff') : t('settings.channels.turnOn')}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              del.reset();
              setConfirming(true);
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('settings.actions.delete')}
          </Button>
        </div>
      </div>

      {open && (
        <DeliveryLog
          kind={channelDeliveries}
          endpointId={c.id}
          id={logId}
          onRefresh={onRefresh}
          emptyHint={t('settings.channels.deliveriesEmptyHint')}
        />
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => !o && setConfirming(false)}
        title={t('settings.channels.deleteTitle')}
        description={
          waiting || !target
            ? t('settings.channels.deleteText', { type: label })
            : t('settings.channels.deleteTextTo', { type: label, target })
        }
        confirmLabel={t('settings.channels.deleteTitle')}
        loading={del.isPending}
        onConfirm={() => {
          onDeleting();
          del.mutate(c.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(translate('settings.channels.deleted'));
            },
          });
        }}
      >
        {del.isError && (
          <Alert tone="error">{errorMessage(del.error, t('settings.channels.deleteFailed'))}</Alert>
        )}
      </ConfirmDialog>
    </article>
  );
}

function StatusBadge({ channel: c, enabled }: { channel: ChannelDto; enabled: boolean }) {
  const t = useT();
  if (enabled) return <Badge tone="green">{t('settings.channels.on')}</Badge>;
  if (c.disabledReason)
    return (
      <Badge tone="red" className="whitespace-normal">
        {t('settings.labels.turnedOffBecause', { reason: c.disabledReason })}
      </Badge>
    );
  return <Badge tone="grey">{t('settings.channels.off')}</Badge>;
}
