import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT } from '../../../lib/query-roots.ts';

/**
 * When the admin data on screen was last loaded: the newest `dataUpdatedAt` among the cached
 * admin queries (0 before any has loaded). Follows the query cache, so it moves with every
 * successful load or refetch.
 */
export function useLastUpdated(): number {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const snapshot = useCallback(
    () =>
      cache
        .findAll({ queryKey: ADMIN_ROOT })
        .reduce((latest, q) => Math.max(latest, q.state.dataUpdatedAt), 0),
    [cache],
  );
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
