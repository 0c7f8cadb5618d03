import { defineModule } from '../module.ts';
import { statsRoutes } from './stats.routes.ts';

/** The public live counts. */
export const statsModule = defineModule('stats', [], (app, ctx) => {
  statsRoutes(app, ctx.database.db, ctx.now);
});
