import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '../../../../shared/numbers.ts';
import { apiGet } from '../../../lib/api.ts';
import { webhookKeys } from './keys.ts';

const tagsQuery = queryOptions({
  queryKey: webhookKeys.tags,
  queryFn: ({ signal }) => apiGet<{ items: Tag[] }>('/v1/tags', signal),
  select: (data) => data.items,
  staleTime: 60_000,
});

/** GET /v1/tags: the tags a webhook can be limited to. */
export const useTags = () => useQuery(tagsQuery);
