import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { NUMBERS_PAGE_MAX, type MatchingNumbers, type NumberList } from '../../shared/numbers.ts';
import { apiGet } from './api.ts';
import { NUMBERS_ROOT } from './query-roots.ts';

/**
 * The user's numbers matching a search (phone digits, tag name, link host or path, as the dashboard
 * searches), newest first, 100 a page, for pickers that must work with 10,000 numbers: the server
 * searches and pages, the picker loads the next page as the list scrolls. Kept under the numbers
 * root (every change to numbers refreshes it) but outside ['numbers', 'list'], which live events
 * patch.
 */
const numberSearchQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...NUMBERS_ROOT, 'search', q] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(NUMBERS_PAGE_MAX) });
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return apiGet<NumberList>(`/v1/numbers?${params.toString()}`, signal);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useNumberSearch = (q: string) => useInfiniteQuery(numberSearchQuery(q));

/** Every number the same search matches, up to `max` (a picker's 'Select all'): ids and phones. */
export function fetchMatching(q: string, max: number) {
  const params = new URLSearchParams({ max: String(max) });
  if (q) params.set('q', q);
  return apiGet<MatchingNumbers>(`/v1/numbers/matching?${params.toString()}`);
}
