import { z } from 'zod';

/** Provider checks: the Test button, on-demand refresh, and expiry (date) checks. */

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

export const testResult = z.object({
  ok: z.boolean(),
  /** Exactly the spec's text: '✓ Success (n messages)', '✗ Failed (status)' or '✗ Error: message'. */
  label: z.string(),
  messages: z.number().int().nullable(),
  status: z.number().int().nullable(),
});
export type TestResult = z.infer<typeof testResult>;

export const refreshResult = z.object({
  /** False when another poll of the number was already running; its messages arrive as events. */
  polled: z.boolean(),
  newMessages: z.number().int(),
  error: z.string().nullable(),
});
export type RefreshResult = z.infer<typeof refreshResult>;

/** `POST /v1/numbers/:id/expect` (202): the number expects a code until at least then (ISO 8601). */
export const expectResult = z.object({
  expectingUntil: z.string(),
  /** False: the number is inactive, so it is not polled while it stays so. */
  active: z.boolean(),
});
export type ExpectResult = z.infer<typeof expectResult>;

export const REFRESH_ALL_MAX = 500;
export const NO_ACTIVE_NUMBERS = 'No active numbers found to fetch messages from.';
export const refreshAllResult = z.object({
  /** Active numbers polled (at most REFRESH_ALL_MAX, newest first). */
  numbers: z.number().int(),
  newMessages: z.number().int(),
  errors: z.array(z.object({ numberId: z.string(), phoneNumber: z.string(), error: z.string() })),
});
export type RefreshAllResult = z.infer<typeof refreshAllResult>;

export const dateCheckResult = z.object({
  /** Position of the request item (0-based); results stream in completion order. */
  index: z.number().int(),
  phoneNumber: z.string(),
  numberId: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.enum(['active', 'expiring-soon', 'expired', 'error']),
  daysLeft: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type DateCheckResult = z.infer<typeof dateCheckResult>;

export const dateCheckBody = z.union([
  z.object({
    numberIds: z
      .array(z.uuid('Invalid id'))
      .min(1, 'Select at least one number')
      .max(MAX_DATE_CHECK_LINES, `At most ${MAX_DATE_CHECK_LINES} numbers per check`),
  }),
  z.object({ lines: z.string().max(200_000) }),
]);
export type DateCheckInput = z.input<typeof dateCheckBody>;

export const publicDateCheckBody = z.object({ lines: z.string().max(100_000) });

export const NOT_IN_COLLECTION =
  'Number not found in your collection. Add it first to check its date.';
export const NO_EXPIRY_FOUND = 'No expiry date found in API response or message content';
export const NO_ENDTIME_FOUND = 'No endtime found in API response';
export const NO_VALID_LINES =
  'Please enter valid phone numbers with API links in the correct format';
