import { NUMBERS_ROOT } from '../../../lib/query-roots.ts';

/**
 * Query keys of the date-check feature. The whole-collection list lives under the numbers root
 * (so every change to numbers refreshes it) but outside ['numbers', 'list'], whose queries other
 * features patch and refetch on live message events.
 */
export const dateCheckKeys = {
  allNumbers: [...NUMBERS_ROOT, 'date-check', 'all'] as const,
};
