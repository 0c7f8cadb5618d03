import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useMemo } from 'react';
import type { NumberFilters } from '../api/keys.ts';

export type FilterKey = 'q' | 'active' | 'favorite' | 'tag';

/**
 * Dashboard filters live in the URL (?q=&active=&favorite=&tag=), so the header search box, the
 * back button and shared links all agree.
 */
export function useNumberFilters() {
  const { params, set, clear } = useUrlFilters<FilterKey>();
  const q = params.get('q') ?? '';
  const activeRaw = params.get('active');
  const active = activeRaw === 'true' ? true : activeRaw === 'false' ? false : undefined;
  const favorite = params.get('favorite') === 'true';
  const tag = params.get('tag') ?? '';

  const filters: NumberFilters = useMemo(
    () => ({
      q: q.trim() || undefined,
      active,
      favorite: favorite || undefined,
      tag: tag || undefined,
    }),
    [q, active, favorite, tag],
  );

  const activeCount =
    (q.trim() ? 1 : 0) + (active !== undefined ? 1 : 0) + (favorite ? 1 : 0) + (tag ? 1 : 0);

  return { q, active, favorite, tag, filters, activeCount, set, clear };
}
