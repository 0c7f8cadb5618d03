import { eventsRoutes } from '../../events/events.routes.ts';
import { defineModule } from '../module.ts';
import { messagesRepository } from './messages.repository.ts';
import { messagesRoutes } from './messages.routes.ts';
import { messagesService } from './messages.service.ts';
import { codeWaits, type CodeWaits } from './code-wait.ts';
import { codeWaitRepository } from './code-wait.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scripts waiting for a code (`GET /v1/numbers/{id}/code`). */
    codeWaits: CodeWaits;
  }
}

/** The user's messages, refresh and Test, and their live stream (`/v1/events`). */
export const messagesModule = defineModule(
  'messages',
  ['auth', 'users', 'numbers', 'polling', 'events'],
  (app, ctx) => {
    const { config, now } = ctx;
    const repo = messagesRepository(ctx.database.db);
    const service = messagesService({
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
    });
    const waits = codeWaits({
      repo: codeWaitRepository(ctx.database.db),
      bus: app.bus,
      now,
      expect: service.expect,
      ...(ctx.tuning.codeWaitTimers ? { timers: ctx.tuning.codeWaitTimers } : {}),
    });
    // Waiting scripts are answered (503, retry) before the server stops taking connections.
    app.addHook('preClose', async () => waits.close());
    app.decorate('codeWaits', waits);
    messagesRoutes(app, { service, codeWaits: waits, now });
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
