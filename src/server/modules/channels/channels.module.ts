import { createSafeFetcher } from '../../providers/safe-fetch.ts';
import { defineModule } from '../module.ts';
import { webhooksRepository } from '../webhooks/webhooks.repository.ts';
import { channelsRepository } from './channels.repository.ts';
import { channelsRoutes, telegramBotRoutes } from './channels.routes.ts';
import { createTelegramBot, LONG_POLL_SECONDS, type TelegramBot } from './telegram-bot.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's Telegram bot: links chats (background work) and holds the token in use. */
    telegramBot: TelegramBot;
  }
}

export type ChannelTuning = {
  /** Seconds each `getUpdates` of the Telegram bot waits. */
  telegramLongPollSeconds?: number;
};

/**
 * Notification channels (ADR 0017): their routes, and the site's Telegram bot that links chats.
 * Their notifications are deliveries like a webhook's, made by the same writes and sent by the
 * webhooks module's delivery worker (targets.ts formats them per service).
 */
export const channelsModule = defineModule(
  'channels',
  ['auth', 'settings', 'webhooks'],
  (app, ctx) => {
    const { config, now, cipher } = ctx;
    const repo = channelsRepository(ctx.database.db);
    const deliveries = webhooksRepository(ctx.database.db);
    // The site's Telegram bot: its token from TELEGRAM_BOT_TOKEN, or as an admin saved it.
    const longPollSeconds = ctx.tuning.channels?.telegramLongPollSeconds ?? LONG_POLL_SECONDS;
    const fetcher = createSafeFetcher({
      allowlist: config.providerAllowlist,
      timeoutMs: (longPollSeconds + 10) * 1000,
      maxRedirects: 0,
      ...(ctx.tuning.provider?.lookup ? { lookup: ctx.tuning.provider.lookup } : {}),
    });
    const bot = createTelegramBot({
      envToken: config.telegramBotToken,
      savedToken: async () => {
        const enc = await repo.botToken();
        return enc ? cipher.decrypt(enc) : undefined;
      },
      apiUrl: config.telegramApiUrl,
      fetcher,
      repo,
      linked: async (channelId, at) => {
        await deliveries.enqueue(
          channelId,
          'channel.linked',
          JSON.stringify({
            type: 'channel.linked',
            timestamp: at.toISOString(),
            data: { channelId },
          }),
          at,
        );
        app.deliveries.kick();
      },
      now,
      log: app.log,
      longPollSeconds,
    });
    app.background.add('telegram bot', bot);
    app.addHook('onClose', async () => {
      await bot.stop();
      await fetcher.close();
    });
    app.decorate('telegramBot', bot);
    telegramBotRoutes(app, { bot, repo, cipher, now });
    channelsRoutes(app, {
      repo,
      deliveries,
      cipher,
      now,
      kick: () => app.deliveries.kick(),
      telegramBot: () => bot.username(),
      pushKey: ctx.vapid?.publicKey,
    });
  },
);
