import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpiringNumber } from '../../../../shared/numbers.ts';
import { apiGet } from '../../../lib/api.ts';
import { numberKeys } from './keys.ts';

const expiringQuery = queryOptions({
  queryKey: numberKeys.expiring(),
  queryFn: ({ signal }) => apiGet<{ items: ExpiringNumber[] }>('/v1/numbers/expiring', signal),
  select: (data) => data.items,
});

/** GET /v1/numbers/expiring: active numbers ending within 14 days (or a day ago), soonest first. */
export const useExpiringNumbers = () => useQuery(expiringQuery);
