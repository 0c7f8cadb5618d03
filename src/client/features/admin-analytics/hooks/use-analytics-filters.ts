import { useCallback } from 'react';
import type { AnalyticsEventType, AnalyticsRange } from '../../../../shared/analytics.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { DEFAULT_RANGE, rangeOf, typeOf } from '../filters.ts';

/**
 * The analytics page's filters in the URL (?range=&type=), so reloads and shared links keep them.
 * The default range (7d) and all types are left out of the URL; Clear Filters removes both.
 */
export function useAnalyticsFilters() {
  const { params, set, clear } = useUrlFilters<'range' | 'type'>();
  const range = rangeOf(params.get('range'));
  const type = typeOf(params.get('type'));
  const setRange = useCallback(
    (r: AnalyticsRange) => set('range', r === DEFAULT_RANGE ? undefined : r),
    [set],
  );
  const setType = useCallback((t: AnalyticsEventType | undefined) => set('type', t), [set]);
  const isDefault = range === DEFAULT_RANGE && type === undefined && params.size === 0;
  return { range, type, setRange, setType, clear, isDefault };
}
