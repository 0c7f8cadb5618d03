import { useEffect } from 'react';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NUMBERS_PAGE_MAX, type NumberList } from '../../../../shared/numbers.ts';
import { apiGet } from '../../../lib/api.ts';
import { dateCheckKeys } from './keys.ts';

const allNumbersQuery = infiniteQueryOptions({
  queryKey: dateCheckKeys.allNumbers,
  queryFn: ({ pageParam, signal }) => {
    const params = new URLSearchParams({ limit: String(NUMBERS_PAGE_MAX) });
    if (pageParam) params.set('cursor', pageParam);
    return apiGet<NumberList>(`/v1/numbers?${params.toString()}`, signal);
  },
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  staleTime: 30_000,
});

/**
 * The whole collection, newest first: pages of 100 are fetched one after another until the
 * cursor runs out (a user may have thousands; the list that shows them is virtualised).
 */
export function useAllNumbers() {
  const query = useInfiniteQuery(allNumbersQuery);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  return query;
}
