import { defineModule } from '../module.ts';
import { adminDataRoutes } from './admin-data.routes.ts';
import { adminsRepository } from './admins.repository.ts';
import { adminsRoutes } from './admins.routes.ts';
import { adminsService } from './admins.service.ts';

/** The admin area's data (dashboard, users, contact messages) and the admins and their rights. */
export const adminModule = defineModule('admin', ['auth'], (app, ctx) => {
  // Admin answers carry other people's data: never stored by a browser or proxy.
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.url?.startsWith('/v1/admin/')) reply.header('cache-control', 'no-store');
  });
  adminDataRoutes(app, ctx.database.db, ctx.now);
  adminsRoutes(
    app,
    adminsService({
      repo: adminsRepository(ctx.database.db),
      now: ctx.now,
      configured: ctx.config.adminEmails,
    }),
  );
});
