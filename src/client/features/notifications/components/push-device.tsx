import { useEffect, useState } from 'react';
import { BellRing, BellOff } from 'lucide-react';
import { toast } from 'sonner';
import type { ChannelDto } from '../../../../shared/channels.ts';
import { Button } from '../../../components/ui/button.tsx';
import { apiGet, errorMessage } from '../../../lib/api.ts';
import { t as translate, useT } from '../../../lib/i18n.tsx';
import {
  currentSubscription,
  deviceName,
  pushSupported,
  subscribePush,
} from '../../../lib/service-worker.ts';
import { useCreateChannel, useDeleteChannel } from '../api/save-channel.ts';

/** What a new device's push channel brings: codes and the warnings worth a buzz. */
const PUSH_EVENTS = ['code.received', 'number.failing', 'number.dead', 'number.expiring'] as const;

/**
 * Web Push on this browser: "Turn on push on this device" subscribes it (the browser asks for
 * permission) and makes a `webpush` channel of the subscription; when this browser's subscription
 * is one of the channels, "Turn off on this device" deletes it and unsubscribes.
 */
export function PushDevice({ channels }: { channels: ChannelDto[] }) {
  const t = useT();
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const create = useCreateChannel();
  const remove = useDeleteChannel();
  const supported = pushSupported();

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void currentSubscription()
      .then((s) => live && setEndpoint(s?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, [supported]);

  if (!supported)
    return (
      <p className="text-sm text-slate-600" data-testid="push-device">
        {t('settings.push.unsupported')}
      </p>
    );
  if (endpoint === undefined) return null;
  const mine = channels.find((c) => 'endpoint' in c.config && c.config.endpoint === endpoint);

  async function turnOn() {
    setBusy(true);
    try {
      const { publicKey } = await apiGet<{ publicKey: string }>(
        '/v1/notification-channels/push-key',
      );
      const sub = await subscribePush(publicKey);
      await create.mutateAsync({
        type: 'webpush',
        config: {
          endpoint: sub.endpoint ?? '',
          keys: { p256dh: sub.keys?.p256dh ?? '', auth: sub.keys?.auth ?? '' },
          device: deviceName(),
        },
        events: [...PUSH_EVENTS],
      });
      setEndpoint(sub.endpoint ?? null);
      toast.success(translate('settings.push.turnedOn'));
    } catch (err) {
      toast.error(errorMessage(err, translate('settings.push.turnOnFailed')));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff(channel: ChannelDto) {
    setBusy(true);
    try {
      await remove.mutateAsync(channel.id);
      await (await currentSubscription())?.unsubscribe();
      setEndpoint(null);
      toast.success(translate('settings.push.turnedOff'));
    } catch (err) {
      toast.error(errorMessage(err, translate('settings.push.turnOffFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="push-device"
    >
      <p className="text-sm text-slate-700">
        {mine ? t('settings.push.on') : t('settings.push.offer')}
      </p>
      {mine ? (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 whitespace-nowrap"
          loading={busy}
          onClick={() => void turnOff(mine)}
        >
          <BellOff aria-hidden="true" className="size-4" />
          {t('settings.push.turnOff')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 whitespace-nowrap"
          loading={busy}
          onClick={() => void turnOn()}
        >
          <BellRing aria-hidden="true" className="size-4" />
          {t('settings.push.turnOn')}
        </Button>
      )}
    </div>
  );
}
