import { z } from 'zod';
import {
  meResponse,
  sendCodeBody,
  sendCodeResponse,
  verifyCodeBody,
} from '../../../shared/auth.ts';
import { okResponse } from '../../../shared/api.ts';
import type { App } from '../../app.ts';
import { requireUser, type SessionCookies } from '../../plugins/session.ts';
import type { AuthService, RequestMeta } from './auth.service.ts';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/session.ts';

const meta = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
});

export function authRoutes(app: App, auth: AuthService, cookies: SessionCookies) {
  app.post(
    '/v1/auth/code',
    { schema: { tags: ['auth'], body: sendCodeBody, response: { 200: sendCodeResponse } } },
    async (req) => auth.sendCode(req.body.email, meta(req)),
  );

  app.post(
    '/v1/auth/verify',
    { schema: { tags: ['auth'], body: verifyCodeBody, response: { 200: meResponse } } },
    async (req, reply) => {
      const session = await auth.verifyCode(req.body.email, req.body.code, meta(req));
      cookies.setSessionCookie(reply, session);
      return session.user;
    },
  );

  app.get(
    '/v1/auth/link',
    {
      schema: { tags: ['auth'], querystring: z.object({ token: z.string().max(128).default('') }) },
    },
    async (req, reply) => {
      const session = req.query.token
        ? await auth.signInWithLink(req.query.token, meta(req))
        : undefined;
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!session) return reply.redirect('/auth?error=link');
      cookies.setSessionCookie(reply, session);
      return reply.redirect('/dashboard');
    },
  );

  app.post(
    '/v1/auth/signout',
    { schema: { tags: ['auth'], response: { 200: okResponse } } },
    async (req, reply) => {
      const token = req.cookies[SESSION_COOKIE];
      if (token) await auth.signOut(token);
      cookies.clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/v1/me',
    { schema: { tags: ['auth'], response: { 200: meResponse } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return requireUser(req);
    },
  );
}
