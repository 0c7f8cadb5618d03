import type { FastifyRequest } from 'fastify';
import { registerSessions, SESSION_COOKIE, type SessionCookies } from '../../plugins/session.ts';
import { defineModule } from '../module.ts';
import { authRepository, type SessionUser } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { authService, type AuthService } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: {
      service: AuthService;
      cookies: SessionCookies;
      /**
       * The signed-in user of a request outside /v1 (pages, which the sessions hook skips), read
       * only: it neither slides nor touches the session (no cookie is sent back).
       */
      viewer: (req: FastifyRequest) => Promise<SessionUser | null>;
    };
  }
}

/** Sign-in by code or link, and the sessions hook that makes `req.user` for every /v1 route. */
export const authModule = defineModule('auth', [], (app, ctx) => {
  const service = authService({
    repo: authRepository(ctx.database.db),
    mailer: ctx.mailer,
    secret: ctx.secret,
    publicUrl: ctx.config.publicUrl,
    linksFromLoopbackHost: ctx.config.linksFromLoopbackHost,
    adminEmails: ctx.config.adminEmails,
    now: ctx.now,
  });
  const cookies = registerSessions(app, service, { secure: ctx.config.secureCookies });
  app.decorate('auth', {
    service,
    cookies,
    viewer: async (req) => {
      const token = req.cookies[SESSION_COOKIE];
      if (!token || token.length > 128) return null;
      return (await service.findSessionUser(token)) ?? null;
    },
  });
  // The system module serves the outbox on the same terms.
  const devOutbox = ctx.config.nodeEnv !== 'production' && !!ctx.mailer.outbox;
  authRoutes(app, service, cookies, devOutbox);
});
