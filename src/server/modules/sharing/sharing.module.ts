import { defineModule } from '../module.ts';
import { sharingChanges } from './changes.ts';
import { publicSharingRoutes } from './public.routes.ts';
import { publicSharingService } from './public.service.ts';
import { sharingRepository } from './sharing.repository.ts';
import { sharingRoutes } from './sharing.routes.ts';
import { sharingService } from './sharing.service.ts';
import { sharePageReader, type SharePageReader } from './share-pages.ts';
import { viewCounter, type ViewCounter } from './views.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Views of public pages and endpoints, written in batches (tests flush it). */
    publicViews: ViewCounter;
    /** A shared page's data for its HTML (the client plugin renders it in, ADR 0019). */
    sharePages: SharePageReader;
  }
}

/** Public pages and single endpoints: the owner's routes and the public reads and streams. */
export const sharingModule = defineModule(
  'sharing',
  ['auth', 'numbers', 'polling', 'events'],
  (app, ctx) => {
    const { now } = ctx;
    const repo = sharingRepository(ctx.database.db);
    const changes = sharingChanges();
    sharingRoutes(app, sharingService({ repo, numbers: app.numbers, changes }));
    const views = viewCounter({ write: (kind, v) => repo.addViews(kind, v), now, log: app.log });
    app.decorate('publicViews', views);
    const service = publicSharingService({
      repo,
      poller: app.pollerRepo,
      bus: app.bus,
      views,
      changes,
      now,
      log: app.log,
      config: ctx.config,
      heartbeatMs: app.streams.heartbeatMs,
    });
    // Waiting scripts are answered before the server stops taking connections; the last views
    // are written before the database closes.
    app.addHook('preClose', async () => service.close());
    app.addHook('onClose', async () => views.close());
    const publicRoutes = publicSharingRoutes(app, {
      service,
      streams: app.streams,
      changes,
      ...(ctx.tuning.publicRateLimits ? { limits: ctx.tuning.publicRateLimits } : {}),
    });
    app.decorate(
      'sharePages',
      sharePageReader({ service, allowed: publicRoutes.allowed, now, log: app.log }),
    );
  },
);
