import { defineModule } from '../module.ts';
import { systemRoutes } from './system.routes.ts';

/** `/healthz`, the development outbox, and the OpenAPI document. */
export const systemModule = defineModule('system', ['events'], (app, ctx) => {
  systemRoutes(app, {
    database: ctx.database,
    bus: app.bus,
    mailer: ctx.mailer,
    production: ctx.config.nodeEnv === 'production',
    now: ctx.now,
  });
  app.get('/v1/openapi.json', { config: { scope: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});
