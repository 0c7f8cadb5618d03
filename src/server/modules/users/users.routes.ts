import { z } from 'zod';
import {
  deleteAccountBody,
  meResponse,
  sessionListResponse,
  signOutOthersResponse,
  updateMeBody,
} from '../../../shared/auth.ts';
import { okResponse } from '../../../shared/api.ts';
import type { App } from '../../app.ts';
import {
  requireUser,
  SESSION_COOKIE,
  userOrIp,
  type SessionCookies,
} from '../../plugins/session.ts';
import type { FastifyRequest } from 'fastify';
import type { UsersService } from './users.service.ts';
import { errorResponses } from '../../error-responses.ts';
import { apiLocale } from '../../i18n.ts';

/** Signed-in routes check the user before the body, so a stranger learns nothing from a 400. */
const signedIn = async (req: FastifyRequest) => {
  requireUser(req);
};
/** The asking session's token (present whenever a user is signed in). */
const tokenOf = (req: FastifyRequest) => req.cookies[SESSION_COOKIE] ?? '';
const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: 60_000, keyGenerator: userOrIp },
});
const sessionParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16}$/) });

export function usersRoutes(app: App, service: UsersService, cookies: SessionCookies) {
  app.patch(
    '/v1/me',
    {
      config: perUser(60),
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        body: updateMeBody,
        response: { 200: meResponse, ...errorResponses('UNAUTHORIZED') },
      },
    },
    async (req) => service.updatePreferences(requireUser(req).id, req.body),
  );

  app.get(
    '/v1/me/sessions',
    {
      schema: {
        tags: ['account'],
        response: { 200: sessionListResponse, ...errorResponses('UNAUTHORIZED') },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        items: await service.listSessions(requireUser(req).id, tokenOf(req), apiLocale(req)),
      };
    },
  );

  app.post(
    '/v1/me/sessions/sign-out-others',
    {
      config: perUser(10),
      schema: {
        tags: ['account'],
        description: 'Signs out every session of the user except the one asking; returns how many.',
        response: { 200: signOutOthersResponse, ...errorResponses('UNAUTHORIZED') },
      },
    },
    async (req) => ({
      signedOut: await service.signOutOthers(requireUser(req).id, tokenOf(req)),
    }),
  );

  app.delete(
    '/v1/me/sessions/:id',
    {
      config: perUser(30),
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        description: "Signs out one of the user's sessions by its id; another user's id is a 404.",
        params: sessionParams,
        response: { 200: okResponse, ...errorResponses('UNAUTHORIZED', 'SESSION_NOT_FOUND') },
      },
    },
    async (req, reply) => {
      const { current } = await service.revokeSession(
        requireUser(req).id,
        tokenOf(req),
        req.params.id,
      );
      if (current) cookies.clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.delete(
    '/v1/me',
    {
      config: perUser(10),
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        description:
          'Deletes the account and everything it owns. The body names the account email as confirmation.',
        body: deleteAccountBody,
        response: {
          200: okResponse,
          ...errorResponses('UNAUTHORIZED', 'EMAIL_MISMATCH', 'LAST_SUPER_ADMIN'),
        },
      },
    },
    async (req, reply) => {
      await service.deleteAccount(requireUser(req), req.body.email);
      cookies.clearSessionCookie(reply);
      return { ok: true as const };
    },
  );
}
