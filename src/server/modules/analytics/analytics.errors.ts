import { AppError, tooManyRequests } from '../../errors.ts';

export const analyticsErrors = {
  /** admin_* events from someone who is not an active admin. */
  adminOnly: () => new AppError(403, 'FORBIDDEN', 'Only administrators may send this event.'),
  rateLimited: (retryAfterSeconds: number) =>
    tooManyRequests(
      'RATE_LIMITED',
      'Too many requests. Please slow down and try again shortly.',
      retryAfterSeconds,
    ),
};
