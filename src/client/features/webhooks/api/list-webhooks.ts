import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDto } from '../../../../shared/webhooks.ts';
import { apiGet } from '../../../lib/api.ts';
import { webhookKeys } from './keys.ts';

export const webhooksQuery = queryOptions({
  queryKey: webhookKeys.list,
  queryFn: ({ signal }) => apiGet<{ items: WebhookDto[] }>('/v1/webhooks', signal),
  select: (data) => data.items,
});

/** GET /v1/webhooks: the user's endpoints (never their secrets). */
export const useWebhooks = () => useQuery(webhooksQuery);
