import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VoipNumber } from '../../../../shared/numbers.ts';
import { ApiError, apiGet } from '../../../lib/api.ts';
import { numberKeys } from './keys.ts';

export const numberQuery = (id: string) =>
  queryOptions({
    queryKey: numberKeys.detail(id),
    queryFn: ({ signal }) => apiGet<VoipNumber>(`/v1/numbers/${encodeURIComponent(id)}`, signal),
    // A missing or foreign id will not appear by retrying.
    retry: (count, err) =>
      !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
  });

export const useNumber = (id: string) => useQuery(numberQuery(id));
