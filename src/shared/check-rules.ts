/**
 * Date-check and expiry rules without zod, for the /date-checker page's island
 * (src/client/islands/date-checker.tsx), which loads no zod; `checks.ts` re-exports them next to
 * its schemas.
 */

export const DAY_MS = 86_400_000;
export const EXPIRING_SOON_DAYS = 7;
export const EXPIRY_WARNING_DAYS = 30;
export const MAX_DATE_CHECK_LINES = 500;
export const PUBLIC_DATE_CHECK_MAX_LINES = 50;

/** The lines of a pasted check: trimmed, blank ones dropped (result `index` counts these). */
export const checkLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** Whole days left: the ceiling of the days between now and the end date. */
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
