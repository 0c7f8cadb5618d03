/**
 * Expiry rules (spec section 4), without zod so that pages which only show end dates (the public
 * share pages) do not load it. `checks.ts` re-exports everything here.
 */

export const DAY_MS = 86_400_000;
export const EXPIRING_SOON_DAYS = 7;
export const EXPIRY_WARNING_DAYS = 30;
export const NO_EXPIRY_FOUND = 'No expiry date found in API response or message content';

/** Whole days left, rounded up (spec: daysLeft is the ceiling of days between end date and now). */
export const daysLeft = (endDate: Date, now: Date) =>
  Math.ceil((endDate.getTime() - now.getTime()) / DAY_MS);

export type DateStatus = 'active' | 'expiring-soon' | 'expired' | 'error';
/** Below 0 expired; 0 to 7 expiring-soon; above 7 active. */
export const dateStatus = (days: number): Exclude<DateStatus, 'error'> =>
  days < 0 ? 'expired' : days <= EXPIRING_SOON_DAYS ? 'expiring-soon' : 'active';

export type ExpiryBand = 'expired' | 'soon' | 'warning' | 'ok' | 'unknown';
/** Card colour band: expired red, ≤7 days orange, ≤30 days yellow, more green, unknown grey. */
export function expiryBand(days: number | null): ExpiryBand {
  if (days === null) return 'unknown';
  if (days < 0) return 'expired';
  if (days <= EXPIRING_SOON_DAYS) return 'soon';
  if (days <= EXPIRY_WARNING_DAYS) return 'warning';
  return 'ok';
}
