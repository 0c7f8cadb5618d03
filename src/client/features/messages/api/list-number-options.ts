import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NumberList, VoipNumber } from '../../../../shared/numbers.ts';
import { apiGet, isApiError } from '../../../lib/api.ts';
import { NUMBERS_ROOT } from '../../../lib/query-roots.ts';

/** How many failing numbers Recent Messages warns about (the API's page maximum). */
export const FAILING_LIMIT = 100;
/** Suggestions the number filter shows for what is typed. */
export const NUMBER_SUGGESTIONS = 20;

export type NumberOption = { id: string; phoneNumber: string };
export type FailingNumber = NumberOption & { lastError: string };

// Kept under ['numbers'] (refreshed with every change to numbers) but outside ['numbers', 'list'],
// whose entries are the dashboard's paged lists.
const optionsKey = [...NUMBERS_ROOT, 'options'] as const;
const toOption = (n: VoipNumber): NumberOption => ({ id: n.id, phoneNumber: n.phoneNumber });

/** Active numbers whose last poll failed, newest first (the server filters the whole collection). */
export const failingNumbersQuery = queryOptions({
  queryKey: [...optionsKey, 'failing'] as const,
  queryFn: ({ signal }) =>
    apiGet<NumberList>(`/v1/numbers?failing=true&limit=${FAILING_LIMIT}`, signal),
  select: (data): { items: FailingNumber[]; total: number } => ({
    items: data.items.map((n) => ({ ...toOption(n), lastError: n.lastError ?? '' })),
    total: data.total ?? data.items.length,
  }),
});
export const useFailingNumbers = () => useQuery(failingNumbersQuery);

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

/** One number by id (the filter's choice when it comes from the URL); null when it is gone. */
export function useNumberOption(id: string) {
  return useQuery({
    queryKey: [...optionsKey, 'one', id] as const,
    queryFn: ({ signal }) =>
      apiGet<VoipNumber>(`/v1/numbers/${encodeURIComponent(id)}`, signal).then(toOption, (err) => {
        if (isApiError(err) && err.status === 404) return null;
        throw err;
      }),
    enabled: !!id,
  });
}
