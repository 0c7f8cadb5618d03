import { MAX_CHANNELS_PER_USER } from '../../../shared/channels.ts';
import { AppError, msg, validationError } from '../../errors.ts';

export const channelErrors = {
  notFound: () => new AppError('CHANNEL_NOT_FOUND', msg('server.channels.notFound')),
  limitReached: () =>
    new AppError(
      'CHANNEL_LIMIT_REACHED',
      msg('server.channels.limitReached', { max: MAX_CHANNELS_PER_USER }),
    ),
  pushUnavailable: () =>
    new AppError('CHANNEL_UNAVAILABLE', msg('server.channels.pushUnavailable')),
  /** `reason`: Telegram's own words (its API answers in English). */
  tokenRefused: (reason: string) =>
    new AppError('TELEGRAM_TOKEN_REFUSED', msg('server.channels.tokenRefused', { reason }), {
      fields: { token: [msg('server.channels.tokenRefused', { reason })] },
    }),
  tokenFromEnv: () => new AppError('TELEGRAM_TOKEN_FROM_ENV', msg('server.channels.tokenFromEnv')),
  telegramUnavailable: () =>
    new AppError('CHANNEL_UNAVAILABLE', msg('server.channels.telegramUnavailable')),
  /** Turning on a Telegram channel whose chat is not linked yet. */
  notLinked: () =>
    validationError(msg('server.errors.invalidInput'), {
      enabled: [msg('server.channels.linkTelegramFirst')],
    }),
};
