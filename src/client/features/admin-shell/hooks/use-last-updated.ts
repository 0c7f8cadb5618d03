import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '../../../lib/me.ts';
import { ADMIN_ROOT } from '../../../lib/query-roots.ts';

/**
 * When the admin data on screen was last loaded: the newest `dataUpdatedAt` among the cached
 * admin queries and the session (which carries the admin's rights). Follows the query cache, so
 * it moves with every successful load or refetch.
 */
export function useLastUpdated(): number {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const snapshot = useCallback(
    () =>
      cache
        .findAll({ queryKey: ADMIN_ROOT })
        .reduce(
          (latest, q) => Math.max(latest, q.state.dataUpdatedAt),
          cache.find({ queryKey: ME_QUERY_KEY })?.state.dataUpdatedAt ?? 0,
        ),
    [cache],
  );
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
