import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters kept in the URL query, so reloads, the back button and shared links keep them:
 * the current params, `set(key, value)` (an empty value removes the key) and `clear()`.
 * Changes replace the history entry instead of adding one per keystroke.
 */
export function useUrlFilters<K extends string>() {
  const [params, setParams] = useSearchParams();

  const set = useCallback(
    (key: K, value: string | undefined) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);

  return { params, set, clear };
}
