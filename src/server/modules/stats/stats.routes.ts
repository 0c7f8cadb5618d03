import { publicStatsResponse, type PublicStats } from '../../../shared/api.ts';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { statsRepository } from './stats.repository.ts';

const CACHE_MS = 3_000;

/** Live platform counts for the landing page, computed from the database and cached briefly. */
export function statsRoutes(app: App, db: Db, now: () => Date) {
  const repo = statsRepository(db);
  let cached: { at: number; value: Promise<PublicStats> } | undefined;

  app.get(
    '/v1/public/stats',
    {
      config: { scope: 'public' },
      schema: { tags: ['public'], response: { 200: publicStatsResponse } },
    },
    async (_req, reply) => {
      const t = now().getTime();
      if (!cached || t - cached.at >= CACHE_MS) {
        const value = repo.counts();
        cached = { at: t, value };
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      reply.header('cache-control', 'public, max-age=3');
      return cached.value;
    },
  );
}
