import { AppError, msg } from '../../errors.ts';

export const userErrors = {
  emailMismatch: () => new AppError('EMAIL_MISMATCH', msg('server.users.emailMismatch')),
  sessionNotFound: () => new AppError('SESSION_NOT_FOUND', msg('server.users.sessionNotFound')),
};
