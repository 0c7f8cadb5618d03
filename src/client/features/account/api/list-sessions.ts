import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '../../../../shared/auth.ts';
import { apiGet } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

const sessionsQueryOptions = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: ({ signal }) => apiGet<{ items: SessionInfo[] }>('/v1/me/sessions', signal),
  select: (data) => data.items,
});

export const useSessions = () => useQuery(sessionsQueryOptions);
