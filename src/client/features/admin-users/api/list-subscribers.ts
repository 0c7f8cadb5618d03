import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { subscriberListResponse } from '../../../../shared/newsletter.ts';
import { apiGet } from '../../../lib/api.ts';
import { adminUsersKeys } from './keys.ts';

export type SubscriberList = z.infer<typeof subscriberListResponse>;

/** The streamed CSV of every subscriber (`subscribers-YYYY-MM-DD.csv`), for a download link. */
export const SUBSCRIBERS_EXPORT_URL = '/v1/admin/newsletter/export';

const subscribersPath = (params: Record<string, string>) =>
  `/v1/admin/newsletter?${new URLSearchParams(params).toString()}`;

/** GET /v1/admin/newsletter: subscribers whose email contains `q`, newest first, 50 a page. */
export const useSubscriberList = (q: string) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminUsersKeys.subscriberList(q),
      queryFn: ({ pageParam, signal }) =>
        apiGet<SubscriberList>(
          subscribersPath({ ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) }),
          signal,
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

/** Every subscriber, counted (the 'Subscribers (count)' tab): one row asked for, its total kept. */
export const useSubscriberCount = () =>
  useQuery(
    queryOptions({
      queryKey: adminUsersKeys.subscriberCount(),
      queryFn: async ({ signal }) =>
        (await apiGet<SubscriberList>(subscribersPath({ limit: '1' }), signal)).total,
    }),
  );
