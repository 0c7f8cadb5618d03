import { WEBHOOKS_ROOT } from '../../../lib/query-roots.ts';
import { deliveriesKey, endpointPath, type DeliveryKind } from '../../../lib/deliveries.ts';

/** Query keys of the webhooks feature. */
export const webhookKeys = {
  all: WEBHOOKS_ROOT,
  list: [...WEBHOOKS_ROOT, 'list'] as const,
  deliveries: (webhookId: string) => deliveriesKey(webhookDeliveries, webhookId),
};

/** Webhooks' delivery logs, test and redeliver (`lib/deliveries.ts`, shared with channels). */
export const webhookDeliveries: DeliveryKind = {
  basePath: '/v1/webhooks',
  keyRoot: webhookKeys.all,
};

export const webhookPath = (id: string) => endpointPath(webhookDeliveries, id);
