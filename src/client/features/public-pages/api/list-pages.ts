import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PageList } from '../../../../shared/sharing.ts';
import { apiGet } from '../../../lib/api.ts';
import { pageKeys } from './keys.ts';

const PAGES_PAGE_SIZE = 50;

/** GET /v1/pages: the owner's public pages, newest first, 50 at a time. */
const pagesQuery = infiniteQueryOptions({
  queryKey: pageKeys.lists(),
  queryFn: ({ pageParam, signal }) => {
    const params = new URLSearchParams({ limit: String(PAGES_PAGE_SIZE) });
    if (pageParam) params.set('cursor', pageParam);
    return apiGet<PageList>(`/v1/pages?${params.toString()}`, signal);
  },
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export const usePages = () => useInfiniteQuery(pagesQuery);
