import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { DeliveryDto } from '../../../../shared/webhooks.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { webhookKeys, webhookPath } from './keys.ts';

export const DELIVERIES_PAGE_SIZE = 25;
/** While a delivery is pending and due this soon, the log is read again this often. */
const WATCH_WITHIN_MS = 60_000;
const WATCH_EVERY_MS = 3_000;

type DeliveryPage = { items: DeliveryDto[]; nextCursor: string | null };

/** A pending delivery due within a minute: its outcome is worth waiting for on screen. */
export function dueSoon(data: InfiniteData<DeliveryPage> | undefined, now = Date.now()) {
  return !!data?.pages.some((p) =>
    p.items.some(
      (d) =>
        d.status === 'pending' &&
        (d.nextAttemptAt === null || Date.parse(d.nextAttemptAt) - now < WATCH_WITHIN_MS),
    ),
  );
}

const deliveriesQuery = (webhookId: string) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(DELIVERIES_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return apiGet<DeliveryPage>(`${webhookPath(webhookId)}/deliveries?${params}`, signal);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A delivery on its way: read the log again until it is through (or due later).
    refetchInterval: (q) => (dueSoon(q.state.data) ? WATCH_EVERY_MS : false),
  });

/** GET /v1/webhooks/:id/deliveries: the log, newest first, 25 at a time. */
export const useDeliveries = (webhookId: string) => useInfiniteQuery(deliveriesQuery(webhookId));

/** POST /v1/webhooks/:id/test: a `webhook.test` delivery, sent at once. */
export function useSendTest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => apiPost<DeliveryDto>(`${webhookPath(webhookId)}/test`),
    onSettled: (_d, _e, webhookId) =>
      qc.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}

/** POST /v1/webhooks/:id/deliveries/:deliveryId/redeliver: the same delivery, sent again now. */
export function useRedeliver(webhookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiPost<DeliveryDto>(
        `${webhookPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}
