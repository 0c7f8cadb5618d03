import { AppError } from '../../errors.ts';

export const userErrors = {
  emailMismatch: () =>
    new AppError('EMAIL_MISMATCH', 'The email you typed does not match the email of this account.'),
  sessionNotFound: () => new AppError('SESSION_NOT_FOUND', 'Session not found'),
};
