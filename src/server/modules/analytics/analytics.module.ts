import { defineModule } from '../module.ts';
import { analyticsRepository } from './analytics.repository.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { analyticsService } from './analytics.service.ts';
import { analyticsRecorder, type AnalyticsRecorder } from './recorder.ts';
import type { BatchJob } from '../../batch-job.ts';
import { analyticsRetention } from './retention.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Analytics events, buffered and written in batches (tests flush it). */
    analytics: AnalyticsRecorder;
    /** Prunes old analytics events and post view marks (background work). */
    analyticsRetention: BatchJob<'events' | 'views'>;
  }
}

/** Event intake and the admin's analytics, the buffered recorder and the retention job. */
export const analyticsModule = defineModule('analytics', ['settings'], (app, ctx) => {
  const { now } = ctx;
  const repo = analyticsRepository(ctx.database.db);
  const recorder = analyticsRecorder({
    write: repo.insertMany,
    enabled: () => app.settings.get('analytics_enabled'),
    now,
    log: app.log,
  });
  app.decorate('analytics', recorder);
  // The last events are written before the database closes.
  app.addHook('onClose', async () => recorder.close());
  analyticsRoutes(app, {
    service: analyticsService({ repo, now }),
    now,
    ...(ctx.tuning.analyticsRateLimits ? { limits: ctx.tuning.analyticsRateLimits } : {}),
  });
  const retention = analyticsRetention({
    repo,
    retentionDays: () => app.settings.get('analytics_retention_days'),
    now,
    log: app.log,
  });
  app.decorate('analyticsRetention', retention);
  app.background.add('analytics retention', retention);
  app.addHook('onClose', async () => retention.stop());
});
