import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type HistoryFilterKey = 'q' | 'number' | 'from' | 'to';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: string | null) => (v && DAY.test(v) ? v : '');

/**
 * Message History filters live in the URL (?q=&number=&from=&to=), so reloads, the back button
 * and shared links keep them.
 */
export function useHistoryFilters() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const number = params.get('number') ?? '';
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  const activeCount = (q.trim() ? 1 : 0) + (number ? 1 : 0) + (from ? 1 : 0) + (to ? 1 : 0);

  const set = useCallback(
    (key: HistoryFilterKey, value: string) =>
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

  return { q, number, from, to, activeCount, set, clear };
}
