import { defineModule } from '../module.ts';
import { numbersRepository, type NumbersRepository } from './numbers.repository.ts';
import { numbersRoutes } from './numbers.routes.ts';
import { numbersService } from './numbers.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The users' numbers, for the modules that read or share them. */
    numbers: NumbersRepository;
  }
}

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
});
