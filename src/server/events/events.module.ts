import { defineModule } from '../modules/module.ts';
import { createMemoryBus, type EventBus } from './bus.ts';
import { eventStreams, type EventStreams } from './sse.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** New messages from whichever process stored them, to every process's streams. */
    bus: EventBus;
    /** The open Server-Sent Event streams (ended when the app closes). */
    streams: EventStreams;
  }
}

/**
 * The event bus (in-process unless main.ts gives PostgreSQL's) and the live streams that carry its
 * events to browsers and scripts.
 */
export const eventsModule = (bus: EventBus | undefined) =>
  defineModule('events', [], (app, ctx) => {
    app.decorate('bus', bus ?? createMemoryBus());
    app.decorate(
      'streams',
      eventStreams(app, {
        bus: app.bus,
        log: app.log,
        ...(ctx.tuning.heartbeatMs ? { heartbeatMs: ctx.tuning.heartbeatMs } : {}),
      }),
    );
  });
