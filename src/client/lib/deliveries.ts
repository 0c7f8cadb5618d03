import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { DeliveryDto } from '../../shared/webhooks.ts';
import { apiGet, apiPost } from './api.ts';

/**
 * Endpoints with a delivery log (webhooks and notification channels, ADR 0017): the same log,
 * test and redeliver routes below each kind's base path. A feature names its kind once (e.g.
 * `{ basePath: '/v1/webhooks', keyRoot: ['webhooks'] }`); the log of one endpoint is cached at
 * `[...keyRoot, 'deliveries', id]`.
 */
export type DeliveryKind = { basePath: string; keyRoot: readonly string[] };

export const endpointPath = (kind: DeliveryKind, id: string) =>
  `${kind.basePath}/${encodeURIComponent(id)}`;
export const deliveriesKey = (kind: DeliveryKind, id: string) =>
  [...kind.keyRoot, 'deliveries', id] as const;

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

const deliveriesQuery = (kind: DeliveryKind, id: string) =>
  infiniteQueryOptions({
    queryKey: deliveriesKey(kind, id),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(DELIVERIES_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return apiGet<DeliveryPage>(`${endpointPath(kind, id)}/deliveries?${params}`, signal);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A delivery on its way: read the log again until it is through (or due later).
    refetchInterval: (q) => (dueSoon(q.state.data) ? WATCH_EVERY_MS : false),
  });

/** GET <base>/:id/deliveries: the log, newest first, 25 at a time. */
export const useDeliveries = (kind: DeliveryKind, id: string) =>
  useInfiniteQuery(deliveriesQuery(kind, id));

/** POST <base>/:id/test: a test delivery, sent at once. */
export function useSendTest(kind: DeliveryKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<DeliveryDto>(`${endpointPath(kind, id)}/test`),
    onSettled: (_d, _e, id) => qc.invalidateQueries({ queryKey: deliveriesKey(kind, id) }),
  });
}

/** POST <base>/:id/deliveries/:deliveryId/redeliver: the same delivery, sent again now. */
export function useRedeliver(kind: DeliveryKind, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiPost<DeliveryDto>(
        `${endpointPath(kind, id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: deliveriesKey(kind, id) }),
  });
}
