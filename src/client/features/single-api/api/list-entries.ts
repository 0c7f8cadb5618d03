import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { EntryList } from '../../../../shared/sharing.ts';
import { apiGet } from '../../../lib/api.ts';
import { entryKeys } from './keys.ts';

export type RemarkCount = EntryList['remarks'][number];

const ENTRIES_PAGE_SIZE = 50;

/**
 * GET /v1/single-endpoints?remark=: the owner's entries, newest first, 50 at a time, with every
 * distinct remark and its count (over all entries, whatever the filter).
 */
const entriesQuery = (remark: string) =>
  infiniteQueryOptions({
    queryKey: entryKeys.list(remark),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(ENTRIES_PAGE_SIZE) });
      if (remark) params.set('remark', remark);
      if (pageParam) params.set('cursor', pageParam);
      return apiGet<EntryList>(`/v1/single-endpoints?${params.toString()}`, signal);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useEntries = (remark: string) => useInfiniteQuery(entriesQuery(remark));
