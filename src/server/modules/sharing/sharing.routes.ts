import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../../shared/numbers.ts';
import {
  bulkDeleteEndpointsBody,
  createEndpointsFromLinesBody,
  createEndpointsResult,
  createEndpointBody,
  createPageBody,
  endpointListResponse,
  endpointSchema,
  listEndpointsQuery,
  listPagesQuery,
  pageDetailSchema,
  pageListResponse,
  updateEndpointBody,
  updatePageBody,
} from '../../../shared/sharing.ts';
import type { App } from '../../app.ts';
import { requireUser } from '../../plugins/session.ts';
import type { SharingService } from './sharing.service.ts';
import { errorResponses } from '../../error-responses.ts';
import { apiLocale } from '../../i18n.ts';

/** 1,000 pasted lines with long provider links can pass the default 1 MB body limit. */
const LINES_BODY_LIMIT = 2 * 1024 * 1024;

/** Signed-in routes check the user before the body, so a stranger learns nothing from a 400. */
const signedIn = async (req: FastifyRequest) => {
  requireUser(req);
};

/** The owner API: `/v1/pages` and `/v1/single-endpoints` (signed in; other users' ids are 404). */
export function sharingRoutes(app: App, sharing: SharingService) {
  const doc = { tags: ['sharing'] };
  const own = { preValidation: signedIn };

  app.get(
    '/v1/pages',
    {
      config: { scope: 'sharing:read' },
      ...own,
      schema: {
        ...doc,
        querystring: listPagesQuery,
        response: { 200: pageListResponse, ...errorResponses('UNAUTHORIZED', 'INVALID_CURSOR') },
      },
    },
    async (req) => sharing.listPages(requireUser(req).id, req.query),
  );

  app.post(
    '/v1/pages',
    {
      config: { scope: 'sharing:write' },
      ...own,
      schema: {
        ...doc,
        body: createPageBody,
        response: { 201: pageDetailSchema, ...errorResponses('UNAUTHORIZED', 'NUMBER_NOT_FOUND') },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await sharing.createPage(requireUser(req).id, req.body)),
  );

  app.get(
    '/v1/pages/:id',
    {
      config: { scope: 'sharing:read' },
      ...own,
      schema: {
        ...doc,
        params: idParams,
        response: { 200: pageDetailSchema, ...errorResponses('UNAUTHORIZED', 'PAGE_NOT_FOUND') },
      },
    },
    async (req) => sharing.getPage(requireUser(req).id, req.params.id),
  );

  app.patch(
    '/v1/pages/:id',
    {
      config: { scope: 'sharing:write' },
      ...own,
      schema: {
        ...doc,
        params: idParams,
        body: updatePageBody,
        response: {
          200: pageDetailSchema,
          ...errorResponses('UNAUTHORIZED', 'PAGE_NOT_FOUND', 'NUMBER_NOT_FOUND'),
        },
      },
    },
    async (req) => sharing.updatePage(requireUser(req).id, req.params.id, req.body),
  );

  app.delete(
    '/v1/pages/:id',
    {
      config: { scope: 'sharing:write' },
      ...own,
      schema: {
        response: errorResponses('UNAUTHORIZED', 'PAGE_NOT_FOUND'),
        ...doc,
        params: idParams,
      },
    },
    async (req, reply) => {
      await sharing.deletePage(requireUser(req).id, req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/v1/pages/:id/regenerate',
    {
      config: { scope: 'sharing:write' },
      ...own,
      schema: {
        ...doc,
        params: idParams,
        response: { 200: pageDetailSchema, ...errorResponses('UNAUTHORIZED', 'PAGE_NOT_FOUND') },
      },
    },
    async (req) => sharing.regeneratePage(requireUser(req).id, req.params.id),
  );

  app.get(
    '/v1/single-endpoints',
    {
      config: { scope: 'sharing:read' },
      ...own,
      schema: {
        ...doc,
        querystring: listEndpointsQuery,
        response: {
          200: endpointListResponse,
          ...errorResponses('UNAUTHORIZED', 'INVALID_CURSOR'),
        },
      },
    },
    async (req) => sharing.listEndpoints(requireUser(req).id, req.query),
  );

  app.post(
    '/v1/single-endpoints',
    {
      config: { scope: 'sharing:write' },
      ...own,
      schema: {
        ...doc,
        body: createEndpointBody,
        response: { 201: endpointSchema, ...errorResponses('UNAUTHORIZED', 'NUMBER_NOT_FOUND') },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await sharing.createEndpoint(requireUser(req).id, req.body, apiLocale(req))),
  );

  app.post(
    '/v1/single-endpoints/lines',
    {
      config: { scope: 'sharing:write' },
      ...own,
      bodyLimit: LINES_BODY_LIMIT,
      schema: {
        ...doc,
        body: createEndpointsFromLinesBody,
        response: {
          200: createEndpointsResult,
          ...errorResponses('UNAUTHORIZED', 'TOO_MANY_LINES', 'SINGLE_LINES_REQUIRED'),
        },
      },
    },
    async (req) => sharing.createEndpointsFromLines(requireUser(req).id, req.body, apiLocale(req)),
  );

  app.post(
    '/v1/single-endpoints/bulk-delete',
    {
      config: { scope: 'sharing:write' },
      ...own,
      schema: {
        ...doc,
        body: bulkDeleteEndpointsBody,
        response: {
          200: z.object({ deleted: z.number().int() }),
          ...errorResponses('UNAUTHORIZED', 'ENDPOINT_NOT_FOUND'),
        },
      },
    },
    async (req) => ({
      deleted: await sharing.deleteEndpoints(requireUser(req).id, req.body.ids),
    }),
  );

  app.get(
    '/v1/single-endpoints/:id',
    {
      config: { scope: 'sharing:read' },
      ...own,
      schema: {
        ...doc,
        params: idParams,
        response: { 200: endpointSchema, ...errorResponses('UNAUTHORIZED', 'ENDPOINT_NOT_FOUND') },
      },
    },
    async (req) => sharing.getEndpoint(requireUser(req).id, req.params.id),
  );

  app.patch(
    '/v1/single-endpoints/:id',
    {
      config: { scope: 'sharing:write' },
      ...own,
      schema: {
        ...doc,
        params: idParams,
        body: updateEndpointBody,
        response: { 200: endpointSchema, ...errorResponses('UNAUTHORIZED', 'ENDPOINT_NOT_FOUND') },
      },
    },
    async (req) => sharing.updateEndpoint(requireUser(req).id, req.params.id, req.body),
  );

  app.delete(
    '/v1/single-endpoints/:id',
    {
      config: { scope: 'sharing:write' },
      ...own,
      schema: {
        response: errorResponses('UNAUTHORIZED', 'ENDPOINT_NOT_FOUND'),
        ...doc,
        params: idParams,
      },
    },
    async (req, reply) => {
      await sharing.deleteEndpoint(requireUser(req).id, req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/v1/single-endpoints/:id/regenerate',
    {
      config: { scope: 'sharing:write' },
      ...own,
      schema: {
        ...doc,
        params: idParams,
        response: { 200: endpointSchema, ...errorResponses('UNAUTHORIZED', 'ENDPOINT_NOT_FOUND') },
      },
    },
    async (req) => sharing.regenerateEndpoint(requireUser(req).id, req.params.id),
  );
}
