import { useUrlFilters } from '../../../lib/use-url-filters.ts';

export type HistoryFilterKey = 'q' | 'number' | 'from' | 'to';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: string | null) => (v && DAY.test(v) ? v : '');

/**
 * Message History filters live in the URL (?q=&number=&from=&to=), so reloads, the back button
 * and shared links keep them.
 */
export function useHistoryFilters() {
  const { params, set, clear } = useUrlFilters<HistoryFilterKey>();
  const q = params.get('q') ?? '';
  const number = params.get('number') ?? '';
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  const activeCount = (q.trim() ? 1 : 0) + (number ? 1 : 0) + (from ? 1 : 0) + (to ? 1 : 0);

  return { q, number, from, to, activeCount, set, clear };
}
