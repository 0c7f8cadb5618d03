import { z } from 'zod';
import {
  bulkDeleteBody,
  createNumberBody,
  expiringNumbersQuery,
  expiringNumbersResponse,
  exportEntry,
  idParams,
  importBody,
  importResult,
  listNumbersQuery,
  matchingNumbersQuery,
  matchingNumbersResponse,
  numberDto,
  numberListResponse,
  updateNumberBody,
} from '../../../shared/numbers.ts';
import type { App } from '../../app.ts';
import { requireUser } from '../../plugins/session.ts';
import type { NumbersService } from './numbers.service.ts';
import { errorResponses } from '../../error-responses.ts';
import { apiLocale, storedText } from '../../i18n.ts';

/** Imports of 10,000 lines (or a full JSON export) need more than the default 1 MB body limit. */
export const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

const countResponse = z.object({ deleted: z.number().int() });

export function numbersRoutes(app: App, numbers: NumbersService) {
  app.get(
    '/v1/numbers',
    {
      config: { scope: 'numbers:read' },
      schema: {
        tags: ['numbers'],
        querystring: listNumbersQuery,
        response: { 200: numberListResponse, ...errorResponses('UNAUTHORIZED', 'INVALID_CURSOR') },
      },
      // The busiest route, answering up to 50 cards: its items are built field by field (toDto),
      // so the schema is for docs and tests here, and the answer is plain JSON.stringify.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) => numbers.list(requireUser(req).id, req.query),
  );

  app.get(
    '/v1/numbers/expiring',
    {
      config: { scope: 'numbers:read' },
      schema: {
        tags: ['numbers'],
        description:
          'Active numbers whose rental ends within `days` (default 14), or ended within the last day, soonest first (at most 200).',
        querystring: expiringNumbersQuery,
        response: { 200: expiringNumbersResponse, ...errorResponses('UNAUTHORIZED') },
      },
    },
    async (req) => numbers.expiring(requireUser(req).id, req.query.days),
  );

  app.get(
    '/v1/numbers/matching',
    {
      config: { scope: 'numbers:read' },
      schema: {
        tags: ['numbers'],
        description: 'Every number a search matches (as `GET /v1/numbers`), up to `max`.',
        querystring: matchingNumbersQuery,
        response: { 200: matchingNumbersResponse, ...errorResponses('UNAUTHORIZED') },
      },
    },
    async (req) => numbers.matching(requireUser(req).id, req.query),
  );

  app.post(
    '/v1/numbers',
    {
      config: { scope: 'numbers:write' },
      schema: {
        tags: ['numbers'],
        body: createNumberBody,
        response: {
          201: numberDto,
          ...errorResponses(
            'UNAUTHORIZED',
            'TAG_NOT_FOUND',
            'NUMBER_ALREADY_EXISTS',
            'NUMBER_LIMIT_REACHED',
          ),
        },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await numbers.create(requireUser(req).id, req.body)),
  );

  app.get(
    '/v1/numbers/export',
    {
      config: { scope: 'numbers:read' },
      schema: {
        tags: ['numbers'],
        response: { 200: z.array(exportEntry), ...errorResponses('UNAUTHORIZED') },
      },
    },
    async (req, reply) => {
      const entries = await numbers.exportAll(requireUser(req).id);
      reply
        .header('content-disposition', 'attachment; filename="voip_numbers.json"')
        .header('cache-control', 'no-store');
      return entries;
    },
  );

  app.post(
    '/v1/numbers/import',
    {
      config: { scope: 'numbers:write' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['numbers'],
        body: importBody,
        response: {
          200: importResult,
          ...errorResponses(
            'UNAUTHORIZED',
            'TAG_NOT_FOUND',
            'INVALID_IMPORT_FORMAT',
            'NOTHING_TO_IMPORT',
            'IMPORT_TOO_LARGE',
            'NUMBER_LIMIT_REACHED',
          ),
        },
      },
    },
    async (req) => {
      const result = await numbers.import(
        requireUser(req).id,
        req.body.text,
        req.body.format,
        req.body.tagIds,
        req.body.tagNames,
      );
      // Each line's error in the reader's language.
      const locale = apiLocale(req);
      return {
        ...result,
        errors: result.errors.map((e) => ({ ...e, message: storedText(locale, e.message) })),
      };
    },
  );

  app.post(
    '/v1/numbers/bulk-delete',
    {
      config: { scope: 'numbers:write' },
      schema: {
        tags: ['numbers'],
        body: bulkDeleteBody,
        response: { 200: countResponse, ...errorResponses('UNAUTHORIZED') },
      },
    },
    async (req) => ({ deleted: await numbers.bulkDelete(requireUser(req).id, req.body.ids) }),
  );

  app.post(
    '/v1/numbers/clear',
    {
      config: { scope: 'numbers:write' },
      schema: {
        tags: ['numbers'],
        response: { 200: countResponse, ...errorResponses('UNAUTHORIZED') },
      },
    },
    async (req) => ({ deleted: await numbers.clear(requireUser(req).id) }),
  );

  app.get(
    '/v1/numbers/:id',
    {
      config: { scope: 'numbers:read' },
      schema: {
        tags: ['numbers'],
        params: idParams,
        response: { 200: numberDto, ...errorResponses('UNAUTHORIZED', 'NUMBER_NOT_FOUND') },
      },
    },
    async (req) => numbers.get(requireUser(req).id, req.params.id),
  );

  app.patch(
    '/v1/numbers/:id',
    {
      config: { scope: 'numbers:write' },
      schema: {
        tags: ['numbers'],
        params: idParams,
        body: updateNumberBody,
        response: {
          200: numberDto,
          ...errorResponses(
            'UNAUTHORIZED',
            'NUMBER_NOT_FOUND',
            'TAG_NOT_FOUND',
            'NUMBER_ALREADY_EXISTS',
          ),
        },
      },
    },
    async (req) => numbers.update(requireUser(req).id, req.params.id, req.body),
  );

  app.delete(
    '/v1/numbers/:id',
    {
      config: { scope: 'numbers:write' },
      schema: {
        response: errorResponses('UNAUTHORIZED', 'NUMBER_NOT_FOUND'),
        tags: ['numbers'],
        params: idParams,
      },
    },
    async (req, reply) => {
      await numbers.remove(requireUser(req).id, req.params.id);
      return reply.status(204).send();
    },
  );
}
