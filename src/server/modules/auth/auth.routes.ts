import { z } from 'zod';
import {
  meResponse,
  sendCodeBody,
  sendCodeResponse,
  sessionResponse,
  verifyCodeBody,
} from '../../../shared/auth.ts';
import { safeNextPath, withNext } from '../../../shared/next-path.ts';
import { okResponse } from '../../../shared/api.ts';
import type { App } from '../../app.ts';
import { requireUser, type SessionCookies } from '../../plugins/session.ts';
import type { AuthService, RequestMeta } from './auth.service.ts';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { errorResponses } from '../../error-responses.ts';
import { pageLocale } from '../../i18n.ts';

const meta = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  locale: pageLocale(req),
});

/**
 * The auth routes; `devOutbox`: mail goes to the development outbox (console mailer, outside
 * production), so a sent code's answer says where to read it.
 */
export function authRoutes(
  app: App,
  auth: AuthService,
  cookies: SessionCookies,
  devOutbox: boolean,
) {
  app.post(
    '/v1/auth/code',
    {
      schema: {
        tags: ['auth'],
        body: sendCodeBody,
        response: {
          200: sendCodeResponse,
          ...errorResponses(
            'RESEND_TOO_SOON',
            'TOO_MANY_CODES',
            'TOO_MANY_SIGN_INS',
            'SEND_FAILED',
          ),
        },
      },
    },
    async (req) => {
      const sent = await auth.sendCode(req.body.email, meta(req), req.body.next, req.headers.host);
      if (!devOutbox) return sent;
      return { ...sent, devOutbox: `/v1/dev/outbox?to=${encodeURIComponent(req.body.email)}` };
    },
  );

  app.post(
    '/v1/auth/verify',
    {
      schema: {
        tags: ['auth'],
        body: verifyCodeBody,
        response: {
          200: meResponse,
          ...errorResponses('CODE_INVALID', 'CODE_EXPIRED', 'CODE_LOCKED'),
        },
      },
    },
    async (req, reply) => {
      const session = await auth.verifyCode(req.body.email, req.body.code, meta(req));
      cookies.setSessionCookie(reply, session);
      return session.user;
    },
  );

  app.get(
    '/v1/auth/link',
    {
      schema: {
        tags: ['auth'],
        querystring: z.object({
          token: z.string().max(128).default(''),
          // Where to go after sign-in; anything but a page of the app falls back to /dashboard.
          next: z.string().max(2048).optional(),
        }),
      },
    },
    async (req, reply) => {
      const session = req.query.token
        ? await auth.signInWithLink(req.query.token, meta(req))
        : undefined;
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const next = safeNextPath(req.query.next);
      if (!session) return reply.redirect(withNext('/auth?error=link', next));
      cookies.setSessionCookie(reply, session);
      return reply.redirect(next);
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

  // The client's session probe: 200 with the user or null, so a visitor's page load does not log
  // a failed (401) request. GET /v1/me keeps answering 401 to signed-out API clients.
  app.get(
    '/v1/auth/session',
    { schema: { tags: ['auth'], response: { 200: sessionResponse } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: req.user };
    },
  );

  app.get(
    '/v1/me',
    {
      config: { scope: 'any' },
      schema: { tags: ['auth'], response: { 200: meResponse, ...errorResponses('UNAUTHORIZED') } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return requireUser(req);
    },
  );
}
