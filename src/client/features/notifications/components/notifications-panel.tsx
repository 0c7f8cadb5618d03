import { useEffect, useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_CHANNELS_PER_USER, type ChannelDto } from '../../../../shared/channels.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { t as translate, useT } from '../../../lib/i18n.tsx';
import { channelKeys } from '../api/keys.ts';
import { useChannels } from '../api/list-channels.ts';
import { isLinked } from '../channel-text.ts';
import { ChannelCard } from './channel-card.tsx';
import { ChannelDialog } from './channel-dialog.tsx';
import { PushDevice } from './push-device.tsx';
import type { ShownLink } from './telegram-link.tsx';

type DialogState = { open: boolean; editing: ChannelDto | null };
const ADD_BUTTON_ID = 'notifications-add';

/**
 * Settings → Notifications: the user's notification channels (email, Telegram, ntfy, Discord,
 * Slack, Web Push), Web Push on this device, each with its state, actions and delivery log, and the dialog that adds or edits one. A
 * new Telegram channel's link lives in this panel's state only, shown in its card until linked.
 */
export function NotificationsPanel() {
  const t = useT();
  const list = useChannels();
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<DialogState>({ open: false, editing: null });
  const [link, setLink] = useState<ShownLink | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** A channel just deleted: once its card is gone, focus goes to the heading. */
  const deleted = useRef<string | null>(null);
  /** Where focus goes back when the dialog closes (null: where it is, e.g. a Telegram link). */
  const returnFocus = useRef<HTMLElement | null>(null);
  /** The Telegram channel whose linking was announced. */
  const announced = useRef<string | null>(null);
  const count = list.data?.length ?? 0;
  const full = count >= MAX_CHANNELS_PER_USER;

  useEffect(() => {
    const gone = deleted.current;
    if (!gone || list.data?.some((c) => c.id === gone)) return;
    deleted.current = null;
    // After the confirm dialog, unmounted with the card, has given focus back (a timeout).
    setTimeout(() => heading.current?.focus(), 0);
  }, [list.data]);

  // The chat was linked (Start pressed in Telegram): the card has turned by itself; say so.
  const linked = link ? list.data?.find((c) => c.id === link.channelId && isLinked(c)) : undefined;
  useEffect(() => {
    if (!linked || announced.current === linked.id) return;
    announced.current = linked.id;
    const chat = 'chat' in linked.config ? linked.config.chat : null;
    toast.success(
      chat
        ? translate('settings.channels.telegramLinkedTo', { chat })
        : translate('settings.channels.telegramLinked'),
    );
  }, [linked]);

  const refresh = () => void qc.invalidateQueries({ queryKey: channelKeys.list });
  const addButton = () => document.getElementById(ADD_BUTTON_ID);
  const openDialog = (editing: ChannelDto | null) => {
    // The button that opened it (Add channel, or a card's Edit); Safari focuses no button.
    const opener = document.activeElement;
    returnFocus.current =
      opener instanceof HTMLElement && opener !== document.body ? opener : addButton();
    setDialog({ open: true, editing });
  };

  return (
    <Card className="space-y-4 p-4 sm:p-6" role="region" aria-labelledby="notifications-heading">
      <div>
        <h2
          id="notifications-heading"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {t('settings.channels.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('settings.channels.description')}</p>
      </div>

      {list.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <span className="sr-only" role="status">
            {t('settings.channels.loading')}
          </span>
          {[0, 1].map((i) => (
            <div
              key={i}
              className="flex items-start gap-3 rounded-xl border border-slate-200 p-3 sm:p-4"
            >
              <Skeleton className="size-9 shrink-0 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-4 w-56 max-w-full" />
                <Skeleton className="h-5 w-40 max-w-full" />
              </div>
            </div>
          ))}
        </div>
      ) : list.isError && list.data === undefined ? (
        <div className="flex flex-col items-start gap-3">
          <RetryAlert
            error={list.error}
            fallback={t('settings.channels.loadFailed')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        </div>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="channels-empty">
          {t('settings.channels.empty')}
        </p>
      ) : (
        <ul className="space-y-3" aria-label={t('settings.channels.listLabel')}>
          {list.data.map((c) => (
            <li key={c.id} className="min-w-0">
              <ChannelCard
                channel={c}
                link={link?.channelId === c.id ? link : null}
                onHideLink={() => setLink(null)}
                onEdit={() => openDialog(c)}
                onDeleting={() => (deleted.current = c.id)}
                onRefresh={refresh}
              />
            </li>
          ))}
        </ul>
      )}

      {list.data && <PushDevice channels={list.data} />}

      {full && (
        <p className="text-sm text-slate-600" role="status" data-testid="channels-full">
          {t('settings.channels.full', { max: MAX_CHANNELS_PER_USER })}
        </p>
      )}

      {/* The same button in every state: focus comes back to it when the dialog closes. */}
      <Button
        id={ADD_BUTTON_ID}
        variant="secondary"
        onClick={() => openDialog(null)}
        disabled={full}
      >
        <Plus aria-hidden="true" className="size-4" />
        {t('settings.channels.add')}
      </Button>

      <ChannelDialog
        open={dialog.open}
        editing={dialog.editing}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onCreated={(made) => {
          if (!made.link) return void toast.success(translate('settings.channels.added'));
          // Focus goes to the link, in the new card.
          returnFocus.current = null;
          setLink({ channelId: made.id, link: made.link });
        }}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          const el = returnFocus.current;
          returnFocus.current = null;
          if (el) (el.isConnected ? el : addButton())?.focus();
        }}
      />
    </Card>
  );
}
