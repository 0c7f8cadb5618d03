import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RefreshAllResult } from '../../../../shared/checks.ts';
import { NUMBERS_PAGE_MAX, type NumberList, type VoipNumber } from '../../../../shared/numbers.ts';
import { apiGet, isApiError } from '../../../lib/api.ts';
import { NUMBERS_ROOT } from '../../../lib/query-roots.ts';

/** Suggestions the number filter shows for what is typed. */
const NUMBER_SUGGESTIONS = 20;

export type NumberOption = { id: string; phoneNumber: string };

// Kept under ['numbers'] (refreshed with every change to numbers) but outside ['numbers', 'list'],
// whose entries are the dashboard's paged lists.
const optionsKey = [...NUMBERS_ROOT, 'options'] as const;
const toOption = (n: VoipNumber): NumberOption => ({ id: n.id, phoneNumber: n.phoneNumber });

/**
 * Active numbers whose last poll failed, newest first (the server filters the whole collection):
 * the first 100 as warnings shaped like Refresh Messages' errors, and how many fail in all.
 */
export const useFailingNumbers = () =>
  useQuery({
    queryKey: [...optionsKey, 'failing'] as const,
    queryFn: ({ signal }) =>
      apiGet<NumberList>(`/v1/numbers?failing=true&limit=${NUMBERS_PAGE_MAX}`, signal),
    select: (data) => ({
      warnings: data.items.map((n): RefreshAllResult['errors'][number] => ({
        numberId: n.id,
        phoneNumber: n.phoneNumber,
        error: n.lastError ?? '',
      })),
      total: data.total ?? data.items.length,
    }),
  });

/** Whether the user has any number at all (for the empty states). */
export const useHasNumbers = () =>
  useQuery({
    queryKey: [...optionsKey, 'any'] as const,
    queryFn: ({ signal }) => apiGet<NumberList>('/v1/numbers?limit=1', signal),
    select: (data) => (data.total ?? data.items.length) > 0,
  });

/** The user's numbers matching `q` (digits, tag or host; all when empty), newest first. */
export function useNumberSuggestions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...optionsKey, 'search', q] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(NUMBER_SUGGESTIONS) });
      if (q) params.set('q', q);
      return apiGet<NumberList>(`/v1/numbers?${params.toString()}`, signal);
    },
    select: (data) => data.items.map(toOption),
    enabled,
  });
}

const optionKey = (id: string) => [...optionsKey, 'one', id] as const;

/** Remembers a number the filter chose, so showing it needs no request. */
export function useRememberNumberOption() {
  const qc = useQueryClient();
  return (n: NumberOption) => qc.setQueryData(optionKey(n.id), n);
}

/** One number by id (the filter's choice, also when it comes from the URL); null when it is gone. */
export function useNumberOption(id: string) {
  return useQuery({
    queryKey: optionKey(id),
    queryFn: ({ signal }) =>
      apiGet<VoipNumber>(`/v1/numbers/${encodeURIComponent(id)}`, signal).then(toOption, (err) => {
        if (isApiError(err) && err.status === 404) return null;
        throw err;
      }),
    enabled: !!id,
    // A chosen number's phone rarely changes: no refetch right after it was remembered.
    staleTime: 60_000,
  });
}
