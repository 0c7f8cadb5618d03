import { z } from 'zod';
import {
  createTagBody,
  idParams,
  mergeTagBody,
  renameTagBody,
  tagDto,
  tagListItemDto,
} from '../../../shared/numbers.ts';
import type { App } from '../../app.ts';
import { requireUser } from '../../plugins/session.ts';
import type { tagsRepository } from './tags.repository.ts';
import { errorResponses } from '../../error-responses.ts';
import { tagErrors } from './tags.errors.ts';

export function tagsRoutes(app: App, repo: ReturnType<typeof tagsRepository>) {
  /** The answer about one tag after a change: the tag with its number count. */
  async function answer(userId: string, id: string) {
    const tag = await repo.one(userId, id);
    if (!tag) throw tagErrors.notFound();
    return tag;
  }

  app.get(
    '/v1/tags',
    {
      config: { scope: 'numbers:read' },
      schema: {
        tags: ['tags'],
        description:
          "The user's tags by name, each with how many of the user's numbers carry it (`numberCount`).",
        response: {
          200: z.object({ items: z.array(tagListItemDto) }),
          ...errorResponses('UNAUTHORIZED'),
        },
      },
    },
    async (req) => ({ items: await repo.listWithCounts(requireUser(req).id) }),
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

  app.patch(
    '/v1/tags/:id',
    {
      config: { scope: 'numbers:write' },
      schema: {
        tags: ['tags'],
        description:
          'Renames a tag (trimmed). Another case of its own name is fine; the name of another of your tags is refused (409 TAG_NAME_TAKEN): merge into that tag instead.',
        params: idParams,
        body: renameTagBody,
        response: {
          200: tagListItemDto,
          ...errorResponses('UNAUTHORIZED', 'TAG_NOT_FOUND', 'TAG_NAME_TAKEN'),
        },
      },
    },
    async (req) => {
      const userId = requireUser(req).id;
      const result = await repo.rename(userId, req.params.id, req.body.name);
      if (!result) throw tagErrors.notFound();
      if ('taken' in result) throw tagErrors.nameTaken(result.taken);
      return answer(userId, req.params.id);
    },
  );

  app.post(
    '/v1/tags/:id/merge',
    {
      config: { scope: 'numbers:write' },
      schema: {
        tags: ['tags'],
        description:
          'Merges tag `:id` into `intoId` in one transaction: its numbers get `intoId` (once), webhook and channel tag filters naming it name `intoId`, and `:id` is deleted. Answers the tag merged into.',
        params: idParams,
        body: mergeTagBody,
        response: {
          200: tagListItemDto,
          ...errorResponses('UNAUTHORIZED', 'TAG_NOT_FOUND'),
        },
      },
    },
    async (req) => {
      const userId = requireUser(req).id;
      const { id } = req.params;
      const { intoId } = req.body;
      if (id === intoId) {
        // Still a 404 for a tag that is not the user's, like every other id of theirs.
        if (!(await repo.one(userId, id))) throw tagErrors.notFound();
        throw tagErrors.mergeIntoItself();
      }
      const { missing } = await repo.merge(userId, id, intoId);
      if (missing) throw tagErrors.notFound();
      return answer(userId, intoId);
    },
  );

  app.delete(
    '/v1/tags/:id',
    {
      config: { scope: 'numbers:write' },
      schema: {
        tags: ['tags'],
        description:
          'Deletes a tag and takes it off its numbers and out of webhook and channel tag filters (an endpoint filtered by this tag alone is turned off).',
        params: idParams,
        response: errorResponses('UNAUTHORIZED', 'TAG_NOT_FOUND'),
      },
    },
    async (req, reply) => {
      if (!(await repo.remove(requireUser(req).id, req.params.id))) throw tagErrors.notFound();
      return reply.status(204).send();
    },
  );
}
