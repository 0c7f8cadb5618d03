import { eventsRoutes } from '../../events/events.routes.ts';
import { defineModule } from '../module.ts';
import { messagesRepository } from './messages.repository.ts';
import { messagesRoutes } from './messages.routes.ts';
import { messagesService } from './messages.service.ts';

/** The user's messages, refresh and Test, and their live stream (`/v1/events`). */
export const messagesModule = defineModule(
  'messages',
  ['auth', 'users', 'numbers', 'polling', 'events'],
  (app, ctx) => {
    const { config, now } = ctx;
    const repo = messagesRepository(ctx.database.db);
    messagesRoutes(app, {
      service: messagesService({
        repo,
        numbers: app.numbers,
        poller: app.poller,
        readProvider: app.readOnDemand,
        expecting: {
          mark: app.pollerRepo.markNumbers,
          intervalMs: config.expectingPollIntervalMs,
          windowMs: config.expectingWindowMs,
        },
        now,
      }),
      now,
    });
    eventsRoutes(app, {
      messages: repo,
      poller: app.pollerRepo,
      streams: app.streams,
      now,
      watchedIntervalMs: config.watchedPollIntervalMs,
      sessionAlive: app.users.sessionAlive,
    });
  },
);
