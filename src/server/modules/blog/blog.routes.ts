import { z } from 'zod';
import {
  adminPostDto,
  adminPostListQuery,
  adminPostListResponse,
  createPostBody,
  previewBody,
  previewResponse,
  updatePostBody,
} from '../../../shared/blog.ts';
import type { App } from '../../app.ts';
import { adminOnly, requireAdmin } from '../../plugins/admin-guard.ts';
import { userOrIp } from '../../plugins/session.ts';
import { fromRequest } from '../analytics/recorder.ts';
import type { BlogService } from './blog.service.ts';
import { errorResponses } from '../../error-responses.ts';

/** Any string: a malformed id is a post that does not exist (404 POST_NOT_FOUND, not 400). */
const idParams = z.object({ id: z.string().max(100) });
const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: 60_000, keyGenerator: userOrIp },
});

/** Blog Management's API (`/v1/admin/posts…`, permission blog; rights checked before the input). */
export function blogAdminRoutes(app: App, service: BlogService) {
  const doc = { tags: ['admin'] };
  const guard = { preValidation: adminOnly('blog') };
  const actorOf = (req: Parameters<typeof requireAdmin>[0]) => {
    const user = requireAdmin(req, 'blog');
    return { id: user.id, email: user.email };
  };

  app.get(
    '/v1/admin/posts',
    {
      ...guard,
      schema: {
        ...doc,
        description:
          'Posts newest first, without content. q: title, excerpt or author (substring, any case).',
        querystring: adminPostListQuery,
        response: { 200: adminPostListResponse, ...errorResponses('INVALID_CURSOR') },
      },
    },
    async (req) => service.list(req.query),
  );

  app.post(
    '/v1/admin/posts/preview',
    {
      ...guard,
      config: perUser(120),
      schema: {
        ...doc,
        description: 'The Markdown rendered to sanitised HTML exactly as saving would.',
        body: previewBody,
        response: { 200: previewResponse, ...errorResponses('CONTENT_TOO_COMPLEX') },
      },
    },
    async (req) => ({ html: await service.render(req.body.content) }),
  );

  app.get(
    '/v1/admin/posts/:id',
    {
      ...guard,
      schema: {
        ...doc,
        params: idParams,
        response: { 200: adminPostDto, ...errorResponses('POST_NOT_FOUND') },
      },
    },
    async (req) => service.get(req.params.id),
  );

  app.post(
    '/v1/admin/posts',
    {
      ...guard,
      config: perUser(60),
      schema: {
        ...doc,
        body: createPostBody,
        response: { 201: adminPostDto, ...errorResponses('SLUG_TAKEN', 'CONTENT_TOO_COMPLEX') },
      },
    },
    async (req, reply) => {
      const post = await service.create(actorOf(req), req.body, fromRequest(req));
      return reply.status(201).send(post);
    },
  );

  app.patch(
    '/v1/admin/posts/:id',
    {
      ...guard,
      config: perUser(120),
      schema: {
        ...doc,
        params: idParams,
        body: updatePostBody,
        response: {
          200: adminPostDto,
          ...errorResponses('POST_NOT_FOUND', 'SLUG_TAKEN', 'CONTENT_TOO_COMPLEX'),
        },
      },
    },
    async (req) => service.update(actorOf(req), req.params.id, req.body, fromRequest(req)),
  );

  app.delete(
    '/v1/admin/posts/:id',
    {
      ...guard,
      config: perUser(60),
      schema: { response: errorResponses('POST_NOT_FOUND'), ...doc, params: idParams },
    },
    async (req, reply) => {
      await service.remove(actorOf(req), req.params.id, fromRequest(req));
      return reply.status(204).send();
    },
  );
}
