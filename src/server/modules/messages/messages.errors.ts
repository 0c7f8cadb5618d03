import { AppError, tooManyRequests, validationError } from '../../errors.ts';

export const messageErrors = {
  unknownAfter: () =>
    validationError('Invalid input', { after: ['No message with this id on this number'] }),
  tooManyWaits: (max: number) =>
    tooManyRequests(
      'TOO_MANY_OPEN',
      `At most ${max} requests may wait for a code at once on one account. Let one finish first.`,
      5,
    ),
  shuttingDown: () =>
    new AppError('SHUTTING_DOWN', 'The server is restarting. Retry the request.', {
      retryAfterSeconds: 1,
    }),
};
