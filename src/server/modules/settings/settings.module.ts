import { defineModule } from '../module.ts';
import { registerMaintenance } from './maintenance.ts';
import { settingsRepository } from './settings.repository.ts';
import { settingsRoutes } from './settings.routes.ts';
import { settingsService, type SettingsService } from './settings.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Site settings (cached a few seconds per process): `get(key)`. */
    settings: SettingsService;
  }
}

/** Site settings, their admin routes, and maintenance mode (every answer it changes). */
export const settingsModule = defineModule('settings', ['auth'], (app, ctx) => {
  const settings = settingsService({
    repo: settingsRepository(ctx.database.db),
    database: ctx.database,
    log: app.log,
    now: ctx.now,
    // Read when asked: the polling module decorates the app after this one.
    pollerRunning: () => app.poller.stats().running,
    // Read when asked: the channels module decorates the app (its Telegram bot) after this one.
    notifications: async () => ({
      mailer: ctx.mailer.kind,
      telegram: (await app.telegramBot?.status()) ?? null,
      webPush: !!ctx.vapid,
    }),
  });
  app.decorate('settings', settings);
  registerMaintenance(app, settings);
  settingsRoutes(app, settings);
});
