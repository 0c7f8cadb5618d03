import { MAX_API_KEYS_PER_USER } from '../../../shared/api-keys.ts';
import { AppError } from '../../errors.ts';

export const apiKeyErrors = {
  invalid: () =>
    new AppError(
      'API_KEY_INVALID',
      'The API key is not valid: it is unknown, revoked or expired (send it as Authorization: Bearer <key>).',
    ),
  notAllowed: () =>
    new AppError(
      'API_KEY_NOT_ALLOWED',
      'This route does not accept API keys. Sign in to the dashboard to use it.',
    ),
  insufficientScope: (scope: string) =>
    new AppError('INSUFFICIENT_SCOPE', `This API key does not have the ${scope} scope.`),
  notFound: () => new AppError('API_KEY_NOT_FOUND', 'API key not found.'),
  limitReached: () =>
    new AppError(
      'API_KEY_LIMIT_REACHED',
      `You can hold at most ${MAX_API_KEYS_PER_USER} API keys. Revoke one you no longer use first.`,
    ),
};
