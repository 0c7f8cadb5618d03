import { AppError, msg, tooManyRequests, validationError } from '../../errors.ts';

export const messageErrors = {
  unknownAfter: () =>
    validationError(msg('server.errors.invalidInput'), {
      after: [msg('server.messages.unknownAfter')],
    }),
  tooManyWaits: (max: number) =>
    tooManyRequests('TOO_MANY_OPEN', msg('server.messages.tooManyWaits', { max }), 5),
  shuttingDown: () =>
    new AppError('SHUTTING_DOWN', msg('server.messages.shuttingDown'), {
      retryAfterSeconds: 1,
    }),
};
