import { tooManyRequests } from '../../errors.ts';

export const contactErrors = {
  tooManyMessages: (retryAfterSeconds: number) =>
    tooManyRequests(
      'TOO_MANY_MESSAGES',
      'You have sent several messages in the last hour. Please try again later.',
      retryAfterSeconds,
    ),
};
