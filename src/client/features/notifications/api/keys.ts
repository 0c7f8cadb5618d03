import { CHANNELS_ROOT } from '../../../lib/query-roots.ts';
import { endpointPath, type DeliveryKind } from '../../../lib/deliveries.ts';

/** Query keys of the notifications feature (the user's notification channels). */
export const channelKeys = {
  all: CHANNELS_ROOT,
  list: [...CHANNELS_ROOT, 'list'] as const,
};

/** Channels' delivery logs, test and redeliver (`lib/deliveries.ts`, shared with webhooks). */
export const channelDeliveries: DeliveryKind = {
  basePath: '/v1/notification-channels',
  keyRoot: channelKeys.all,
};

export const channelPath = (id: string) => endpointPath(channelDeliveries, id);
