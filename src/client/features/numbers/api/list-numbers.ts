import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { NumberList } from '../../../../shared/numbers.ts';
import { apiGet } from '../../../lib/api.ts';
import { numberKeys, type NumberFilters } from './keys.ts';

export const NUMBERS_PAGE_SIZE = 50;

function listUrl(filters: NumberFilters, cursor: string | undefined) {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.active !== undefined) params.set('active', String(filters.active));
  if (filters.favorite) params.set('favorite', 'true');
  if (filters.tag) params.set('tag', filters.tag);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(NUMBERS_PAGE_SIZE));
  return `/v1/numbers?${params.toString()}`;
}

/** Newest first, 50 at a time; the total is counted on the first page. */
export const numbersInfiniteQuery = (filters: NumberFilters) =>
  infiniteQueryOptions({
    queryKey: numberKeys.list(filters),
    queryFn: ({ pageParam, signal }) => apiGet<NumberList>(listUrl(filters, pageParam), signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useNumbers = (filters: NumberFilters) =>
  useInfiniteQuery(numbersInfiniteQuery(filters));
