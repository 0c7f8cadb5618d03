import { MAX_CHANNELS_PER_USER } from '../../../shared/channels.ts';
import { AppError } from '../../errors.ts';

export const channelErrors = {
  notFound: () => new AppError('CHANNEL_NOT_FOUND', 'Notification channel not found.'),
  limitReached: () =>
    new AppError(
      'CHANNEL_LIMIT_REACHED',
      `You can have at most ${MAX_CHANNELS_PER_USER} notification channels. Delete one you no longer use first.`,
    ),
  pushUnavailable: () =>
    new AppError('CHANNEL_UNAVAILABLE', 'Web Push is not set up on this site.'),
  tokenRefused: (why: string) =>
    new AppError('TELEGRAM_TOKEN_REFUSED', `Telegram did not accept this token: ${why}`, {
      fields: { token: [`Telegram did not accept this token: ${why}`] },
    }),
  tokenFromEnv: () =>
    new AppError(
      'TELEGRAM_TOKEN_FROM_ENV',
      'The bot token is set by TELEGRAM_BOT_TOKEN on the server: change it there.',
    ),
  telegramUnavailable: () =>
    new AppError(
      'CHANNEL_UNAVAILABLE',
      'Telegram notifications are not set up on this site. Ask the administrator to add a bot.',
    ),
};
