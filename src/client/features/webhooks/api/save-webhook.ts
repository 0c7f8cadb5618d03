import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDto,
  WebhookWithSecretDto,
} from '../../../../shared/webhooks.ts';
import { apiFetch, apiPost } from '../../../lib/api.ts';
import { webhookKeys, webhookPath } from './keys.ts';

type List = { items: WebhookDto[] };

/** Puts a webhook (never its secret) into the cached list, replacing the one with its id. */
function putInList(qc: QueryClient, saved: WebhookDto) {
  // Create and rotate answers carry the secret: it stays out of the cache.
  const { secret: _secret, ...item } = saved as Partial<WebhookWithSecretDto> & WebhookDto;
  const { id } = item;
  qc.setQueryData<List>(webhookKeys.list, (data) => {
    if (!data) return data;
    const known = data.items.some((x) => x.id === id);
    return {
      items: known ? data.items.map((x) => (x.id === id ? item : x)) : [...data.items, item],
    };
  });
}

const refetchList = (qc: QueryClient) => qc.invalidateQueries({ queryKey: webhookKeys.list });

/**
 * POST /v1/webhooks. The answer carries the secret: the caller keeps it (shown once) and resets
 * the mutation; only the webhook without it goes into the cache.
 */
export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => apiPost<WebhookWithSecretDto>('/v1/webhooks', body),
    onSuccess: (made) => putInList(qc, made),
    onSettled: () => refetchList(qc),
  });
}

/** PATCH /v1/webhooks/:id (any field; `enabled: true` also clears a server turn-off). */
export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateWebhookBody }) =>
      apiFetch<WebhookDto>(webhookPath(id), { method: 'PATCH', body: changes }),
    onSuccess: (saved) => putInList(qc, saved),
    onSettled: () => refetchList(qc),
  });
}

/** DELETE /v1/webhooks/:id (its delivery log goes with it). */
export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(webhookPath(id), { method: 'DELETE' }),
    onSuccess: (_void, id) => {
      qc.setQueryData<List>(webhookKeys.list, (data) =>
        data ? { items: data.items.filter((x) => x.id !== id) } : data,
      );
      qc.removeQueries({ queryKey: webhookKeys.deliveries(id) });
    },
    onSettled: () => refetchList(qc),
  });
}

/** POST /v1/webhooks/:id/rotate-secret: the new secret, for the caller to show once. */
export function useRotateSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<WebhookWithSecretDto>(`${webhookPath(id)}/rotate-secret`),
    onSuccess: (rotated) => putInList(qc, rotated),
  });
}
