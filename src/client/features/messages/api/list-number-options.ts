import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NumberList } from '../../../../shared/numbers.ts';
import { apiGet } from '../../../lib/api.ts';
import { NUMBERS_ROOT } from '../../../lib/query-roots.ts';

/** How many numbers the number filter lists (the API's page maximum). */
export const NUMBER_OPTIONS_LIMIT = 100;

export type NumberOption = {
  id: string;
  phoneNumber: string;
  isActive: boolean;
  lastError: string | null;
};

/**
 * The user's newest numbers for the number filter and the poll warnings. Kept under ['numbers']
 * (refreshed with every change to numbers) but outside ['numbers', 'list'], whose entries are
 * paged lists.
 */
export const numberOptionsQuery = queryOptions({
  queryKey: [...NUMBERS_ROOT, 'options', NUMBER_OPTIONS_LIMIT] as const,
  queryFn: ({ signal }) => apiGet<NumberList>(`/v1/numbers?limit=${NUMBER_OPTIONS_LIMIT}`, signal),
  select: (data): NumberOption[] =>
    data.items.map((n) => ({
      id: n.id,
      phoneNumber: n.phoneNumber,
      isActive: n.isActive,
      lastError: n.lastError,
    })),
});

export const useNumberOptions = () => useQuery(numberOptionsQuery);
