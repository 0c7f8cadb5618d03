import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { EntryList, PageList } from '../../../../shared/sharing.ts';
import { apiGet } from '../../../lib/api.ts';
import { entryKeys, pageKeys } from './keys.ts';

export type RemarkCount = EntryList['remarks'][number];

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
 * GET /v1/single-endpoints?remark=: the owner's entries, newest first, with every distinct remark
 * and its count (over all entries, whatever the filter).
 */
const entriesQuery = (remark: string) =>
  infiniteQueryOptions({
    queryKey: entryKeys.list(remark),
    queryFn: ({ pageParam, signal }) =>
      pageOf<EntryList>('/v1/single-endpoints', pageParam, signal, remark),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useEntries = (remark: string) => useInfiniteQuery(entriesQuery(remark));
