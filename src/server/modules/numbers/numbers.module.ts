import { batchJob, type BatchJob } from '../../batch-job.ts';
import { defineModule } from '../module.ts';
import { linkSearchText } from './link-search.ts';
import { numbersRepository, type NumbersRepository } from './numbers.repository.ts';
import { numbersRoutes } from './numbers.routes.ts';
import { numbersService } from './numbers.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The users' numbers, for the modules that read or share them. */
    numbers: NumbersRepository;
    /** Fills the searchable host and path of numbers added before migration 0019. */
    linkSearchBackfill: BatchJob<'filled'>;
  }
}

/** Numbers whose searchable host and path the backfill job fills per statement. */
export const HOST_PATH_BATCH = 500;

/** The user's numbers: list, add, import, edit, delete. */
export const numbersModule = defineModule('numbers', ['auth', 'settings'], (app, ctx) => {
  const repo = numbersRepository(ctx.database.db);
  app.decorate('numbers', repo);
  numbersRoutes(
    app,
    numbersService({
      repo,
      cipher: ctx.cipher,
      now: ctx.now,
      maxNumbers: () => app.settings.get('max_numbers_per_user'),
    }),
  );

  // Numbers stored before migration 0019 have no searchable host and path yet: their links are
  // decrypted and filled in batches (one run soon after start; later runs find none). A link that
  // no longer decrypts gets an empty one, so it is not read again.
  const backfill = batchJob({
    name: 'link search backfill',
    steps: {
      filled: async (_at, batch) => {
        const rows = await repo.withoutHostPath(batch);
        await repo.saveHostPaths(
          rows.map((r) => {
            try {
              return { id: r.id, hostPath: linkSearchText(ctx.cipher.decrypt(r.apiLinkEnc)) };
            } catch {
              return { id: r.id, hostPath: '' };
            }
          }),
        );
        return rows.length;
      },
    },
    now: ctx.now,
    log: app.log,
    batch: HOST_PATH_BATCH,
    firstMs: 5_000,
  });
  app.decorate('linkSearchBackfill', backfill);
  app.background.add('link search backfill', backfill);
  app.addHook('onClose', async () => backfill.stop());
});
