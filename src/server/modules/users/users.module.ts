import { defineModule } from '../module.ts';
import { usersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { usersService, type UsersService } from './users.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in user's account and sessions. */
    users: UsersService;
  }
}

/** `/v1/me`: the account, its sessions, its deletion. */
export const usersModule = defineModule('users', ['auth'], (app, ctx) => {
  const users = usersService({
    repo: usersRepository(ctx.database.db),
    secret: ctx.secret,
    now: ctx.now,
  });
  app.decorate('users', users);
  usersRoutes(app, users, app.auth.cookies);
});
