import { z } from 'zod';
import { createTagBody, tagDto } from '../../../shared/numbers.ts';
import type { App } from '../../app.ts';
import { requireUser } from '../../plugins/session.ts';
import type { tagsRepository } from './tags.repository.ts';
import { errorResponses } from '../../error-responses.ts';

export function tagsRoutes(app: App, repo: ReturnType<typeof tagsRepository>) {
  app.get(
    '/v1/tags',
    {
      config: { scope: 'numbers:read' },
      schema: {
        tags: ['tags'],
        response: { 200: z.object({ items: z.array(tagDto) }), ...errorResponses('UNAUTHORIZED') },
      },
    },
    async (req) => ({ items: await repo.list(requireUser(req).id) }),
  );

  app.post(
    '/v1/tags',
    {
      config: { scope: 'numbers:write' },
      schema: {
        tags: ['tags'],
        body: createTagBody,
        response: { 200: tagDto, 201: tagDto, ...errorResponses('UNAUTHORIZED') },
      },
    },
    async (req, reply) => {
      const { tag, created } = await repo.findOrCreate(requireUser(req).id, req.body.name);
      return reply.status(created ? 201 : 200).send(tag);
    },
  );
}
