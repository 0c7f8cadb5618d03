import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import type { SessionUser } from '../modules/auth/auth.repository.ts';
import type { AuthService, NewSession } from '../modules/auth/auth.service.ts';

export const SESSION_COOKIE = 'vm_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Resolved once per request for /v1 routes. */
    user: SessionUser | null;
  }
}

/** Reads the session cookie on /v1 requests, slides its expiry, and clears cookies that no longer match a session. */
export function registerSessions(
  app: FastifyInstance,
  auth: AuthService,
  opts: { secure: boolean },
) {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: opts.secure,
  };

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req, reply) => {
    // The matched route, not the raw URL (a percent-encoded `/%761/…` routes to /v1/… too).
    if (!req.routeOptions.url?.startsWith('/v1/')) return;
    // A request with an Authorization header is an API key's (api-key-auth.ts): no cookie read.
    if (req.headers.authorization !== undefined) return;
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const found = token.length <= 128 ? await auth.resolveSession(token) : undefined;
    if (!found) {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return;
    }
    req.user = found.user;
    if (found.renewedUntil)
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: found.renewedUntil });
  });

  return {
    setSessionCookie(reply: FastifyReply, session: NewSession) {
      reply.setCookie(SESSION_COOKIE, session.token, {
        ...cookieOptions,
        expires: session.expiresAt,
      });
    },
    clearSessionCookie(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
  };
}
export type SessionCookies = ReturnType<typeof registerSessions>;

export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** A rate-limit key: the signed-in user, else the client address. */
export const userOrIp = (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : req.ip);
