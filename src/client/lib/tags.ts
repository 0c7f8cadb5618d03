import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '../../shared/numbers.ts';
import { apiGet } from './api.ts';
import { TAGS_ROOT } from './query-roots.ts';

const tagsQuery = queryOptions({
  queryKey: TAGS_ROOT,
  queryFn: ({ signal }) => apiGet<{ items: Tag[] }>('/v1/tags', signal),
  select: (data) => data.items,
  staleTime: 60_000,
});

/** GET /v1/tags: the user's tags, for the tag filter of webhooks and notification channels. */
export const useTagList = () => useQuery(tagsQuery);
