import { z } from 'zod';
import { MAX_DATE_CHECK_LINES } from './check-rules.ts';

/** Provider checks: the Test button, on-demand refresh, and expiry (date) checks. */

export {
  DAY_MS,
  EXPIRING_SOON_DAYS,
  EXPIRY_WARNING_DAYS,
  MAX_DATE_CHECK_LINES,
  PUBLIC_DATE_CHECK_MAX_LINES,
  checkLines,
  daysLeft,
  dateStatus,
  expiryBand,
  type DateStatus,
  type ExpiryBand,
} from './check-rules.ts';

export const testResult = z.object({
  ok: z.boolean(),
  /** Exactly these texts: '✓ Success (n messages)', '✗ Failed (status)' or '✗ Error: message'. */
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
      .array(z.uuid('validation.invalidId'))
      .min(1, 'validation.selectOneNumber')
      .max(MAX_DATE_CHECK_LINES, 'validation.checks.tooManyNumbers'),
  }),
  z.object({ lines: z.string().max(200_000) }),
]);
export type DateCheckInput = z.input<typeof dateCheckBody>;

export const publicDateCheckBody = z.object({ lines: z.string().max(100_000) });
