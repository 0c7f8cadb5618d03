import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { EndpointList, PageList } from '../../../../shared/sharing.ts';
import { apiGet } from '../../../lib/api.ts';
import { endpointKeys, pageKeys } from './keys.ts';

export type RemarkCount = EndpointList['remarks'][number];

/** Both lists are read 50 at a time. */
const SHARE_PAGE_SIZE = 50;

const pageOf = <T>(
  path: string,
  pageParam: string | undefined,
  signal: AbortSignal,
  remark = '',
) => {
  const params = new URLSearchParams({ limit: String(SHARE_PAGE_SIZE) });
  if (remark) params.set('remark', remark);
  if (pageParam) params.set('cursor', pageParam);
  return apiGet<T>(`${path}?${params.toString()}`, signal);
};

/** GET /v1/pages: the owner's public pages, newest first. */
const pagesQuery = infiniteQueryOptions({
  queryKey: pageKeys.lists(),
  queryFn: ({ pageParam, signal }) => pageOf<PageList>('/v1/pages', pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export const usePages = () => useInfiniteQuery(pagesQuery);

/**
 * GET /v1/single-endpoints?remark=: the owner's endpoints, newest first, with every distinct remark
 * and its count (over all endpoints, whatever the filter).
 */
const endpointsQuery = (remark: string) =>
  infiniteQueryOptions({
    queryKey: endpointKeys.list(remark),
    queryFn: ({ pageParam, signal }) =>
      pageOf<EndpointList>('/v1/single-endpoints', pageParam, signal, remark),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useEndpoints = (remark: string) => useInfiniteQuery(endpointsQuery(remark));
