import { AppError, msg, tooManyRequests } from '../../errors.ts';

export const authErrors = {
  noActiveCode: () => new AppError('CODE_INVALID', msg('server.auth.noActiveCode')),
  codeExpired: () => new AppError('CODE_EXPIRED', msg('server.auth.codeExpired')),
  codeBurned: () =>
    new AppError('CODE_LOCKED', msg('server.auth.codeBurned'), { remainingAttempts: 0 }),
  wrongCode: (remaining: number) =>
    remaining > 0
      ? new AppError('CODE_INVALID', msg('server.auth.wrongCode', { remaining }), {
          remainingAttempts: remaining,
        })
      : authErrors.codeBurned(),
  resendTooSoon: (seconds: number) =>
    tooManyRequests(
      'RESEND_TOO_SOON',
      msg('server.auth.resendTooSoon', { seconds: Math.ceil(seconds) }),
      seconds,
    ),
  tooManyCodes: (seconds: number) =>
    tooManyRequests('TOO_MANY_CODES', msg('server.auth.tooManyCodes'), seconds),
  tooManyFromIp: (seconds: number) =>
    tooManyRequests('TOO_MANY_SIGN_INS', msg('server.auth.tooManyFromIp'), seconds),
  sendFailed: () => new AppError('SEND_FAILED', msg('server.auth.sendFailed')),
};
