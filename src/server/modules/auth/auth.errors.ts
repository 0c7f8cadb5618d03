import { AppError, tooManyRequests } from '../../errors.ts';

const verifyFailed = (detail: string, remainingAttempts?: number) =>
  new AppError(
    'CODE_INVALID',
    `Failed to verify code: ${detail}`,
    remainingAttempts === undefined ? {} : { remainingAttempts },
  );

export const authErrors = {
  noActiveCode: () => verifyFailed('there is no active code for this email. Request a new code.'),
  codeExpired: () =>
    new AppError(
      'CODE_EXPIRED',
      'Failed to verify code: the code has expired. Request a new code.',
    ),
  codeBurned: () =>
    new AppError(
      'CODE_LOCKED',
      'Failed to verify code: too many wrong attempts. Request a new code.',
      { remainingAttempts: 0 },
    ),
  wrongCode: (remaining: number) =>
    remaining > 0
      ? verifyFailed(
          `the code is incorrect. ${remaining} ${remaining === 1 ? 'attempt' : 'attempts'} remaining.`,
          remaining,
        )
      : authErrors.codeBurned(),
  resendTooSoon: (seconds: number) =>
    tooManyRequests(
      'RESEND_TOO_SOON',
      `Please wait ${Math.ceil(seconds)} seconds before requesting another code.`,
      seconds,
    ),
  tooManyCodes: (seconds: number) =>
    tooManyRequests(
      'TOO_MANY_CODES',
      'Too many codes requested for this email. Please try again later.',
      seconds,
    ),
  tooManyFromIp: (seconds: number) =>
    tooManyRequests(
      'TOO_MANY_SIGN_INS',
      'Too many sign-in attempts from your network. Please try again later.',
      seconds,
    ),
  sendFailed: () => new AppError('SEND_FAILED', 'Failed to send verification code'),
};
