import type { ANALYTICS_LIMITS } from '../../../shared/analytics.ts';

/*
 * How many events each list shows (ANALYTICS_LIMITS in shared/analytics.ts, held to it by type:
 * that module is not imported as a value, it would bring zod into the admin chunk).
 */
export const ANALYTICS_LIMITS_RECENT: (typeof ANALYTICS_LIMITS)['recent'] = 20;
export const ANALYTICS_LIMITS_DETAILS: (typeof ANALYTICS_LIMITS)['details'] = 50;
