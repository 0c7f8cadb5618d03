import { batchJob } from '../../batch-job.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';

const DAY_MS = 86_400_000;
/** Days of per-visitor post view marks kept (today and the two before). */
export const VIEW_MARK_DAYS = 2;

/**
 * Analytics retention: events older than `retentionDays()` (the site setting), then the blog's
 * per-day view marks before today − 2.
 */
export function analyticsRetention(
  deps: {
    repo: Pick<AnalyticsRepository, 'pruneEvents' | 'pruneViews'>;
    retentionDays: () => Promise<number>;
  } & Omit<Parameters<typeof batchJob>[0], 'name' | 'steps'>,
) {
  const { repo, retentionDays, ...job } = deps;
  return batchJob({
    ...job,
    name: 'analytics retention',
    steps: {
      events: async (now, batch) =>
        repo.pruneEvents(new Date(now.getTime() - (await retentionDays()) * DAY_MS), batch),
      views: (now) => {
        const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
        return repo.pruneViews(
          new Date(today - VIEW_MARK_DAYS * DAY_MS).toISOString().slice(0, 10),
        );
      },
    },
  });
}
