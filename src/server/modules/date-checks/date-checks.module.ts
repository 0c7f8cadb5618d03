import { defineModule } from '../module.ts';
import { dateChecksRoutes } from './date-checks.routes.ts';
import { dateChecksService } from './date-checks.service.ts';

/** End-date checks of the user's numbers, and the public checker. */
export const dateChecksModule = defineModule(
  'date-checks',
  ['auth', 'numbers', 'polling'],
  (app, ctx) => {
    dateChecksRoutes(
      app,
      dateChecksService({ numbers: app.numbers, readProvider: app.readOnDemand, now: ctx.now }),
    );
  },
);
