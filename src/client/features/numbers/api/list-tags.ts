import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagListItem } from '../../../../shared/numbers.ts';
import { apiGet } from '../../../lib/api.ts';
import { tagKeys } from './keys.ts';

export const tagsQuery = queryOptions({
  queryKey: tagKeys.all,
  queryFn: ({ signal }) => apiGet<{ items: TagListItem[] }>('/v1/tags', signal),
  select: (data) => data.items,
  staleTime: 60_000,
});

export const useTags = () => useQuery(tagsQuery);
