import { MAX_API_KEYS_PER_USER } from '../../../shared/api-keys.ts';
import { AppError, msg, validationError } from '../../errors.ts';

export const apiKeyErrors = {
  invalid: () => new AppError('API_KEY_INVALID', msg('server.apiKeys.invalid')),
  notAllowed: () => new AppError('API_KEY_NOT_ALLOWED', msg('server.apiKeys.notAllowed')),
  insufficientScope: (scope: string) =>
    new AppError('INSUFFICIENT_SCOPE', msg('server.apiKeys.insufficientScope', { scope })),
  notFound: () => new AppError('API_KEY_NOT_FOUND', msg('server.apiKeys.notFound')),
  limitReached: () =>
    new AppError(
      'API_KEY_LIMIT_REACHED',
      msg('server.apiKeys.limitReached', { max: MAX_API_KEYS_PER_USER }),
    ),
  expiryInPast: () =>
    validationError(msg('server.errors.invalidInput'), {
      expiresAt: [msg('server.apiKeys.expiryInPast')],
    }),
};
