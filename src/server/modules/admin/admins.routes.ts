import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminDto,
  adminListQuery,
  adminListResponse,
  auditListQuery,
  auditListResponse,
  createAdminBody,
  updateAdminBody,
} from '../../../shared/admin.ts';
import type { App } from '../../app.ts';
import { adminOnly, requireSuperAdmin, superAdminOnly } from '../../plugins/admin-guard.ts';
import { recordAfterChange } from '../analytics/recorder.ts';
import type { Actor, AdminsService } from './admins.service.ts';
import { errorResponses } from '../../error-responses.ts';

/** A malformed id is an id that does not exist (404, by the error handler). */
const adminIdParams = z.object({ id: z.uuid() });

const actorOf = (req: FastifyRequest): Actor => {
  const me = requireSuperAdmin(req);
  return { userId: me.id, label: me.email };
};

/**
 * `/v1/admin/admins` (list: permission users; writes: super admins only) and `/v1/admin/audit`
 * (super admins). Rights are checked before the body (preValidation), and again by the service
 * under the admin write lock.
 */
export function adminsRoutes(app: App, admins: AdminsService) {
  const doc = { tags: ['admin'] };
  const superOnly = { preValidation: superAdminOnly };

  app.get(
    '/v1/admin/admins',
    {
      preValidation: adminOnly('users'),
      schema: { ...doc, querystring: adminListQuery, response: { 200: adminListResponse } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return admins.list(req.query.q, req.query.status);
    },
  );

  app.post(
    '/v1/admin/admins',
    {
      ...superOnly,
      schema: {
        ...doc,
        body: createAdminBody,
        response: { 201: adminDto, ...errorResponses('ADMIN_ALREADY_EXISTS') },
      },
    },
    async (req, reply) => {
      const created = await admins.create(actorOf(req), req.body);
      await recordAfterChange(app.analytics, req, {
        type: 'admin_user_created',
        data: { adminId: created.id, email: created.email },
      });
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/v1/admin/admins/:id',
    {
      ...superOnly,
      schema: {
        ...doc,
        params: adminIdParams,
        body: updateAdminBody,
        response: {
          200: adminDto,
          ...errorResponses(
            'ADMIN_NOT_FOUND',
            'OWN_ADMIN_RIGHTS',
            'LAST_SUPER_ADMIN',
            'ADMIN_FROM_CONFIG',
          ),
        },
      },
    },
    async (req) => {
      const updated = await admins.update(actorOf(req), req.params.id, req.body);
      await recordAfterChange(app.analytics, req, {
        type: 'admin_user_updated',
        data: { adminId: updated.id, email: updated.email },
      });
      return updated;
    },
  );

  app.delete(
    '/v1/admin/admins/:id',
    {
      ...superOnly,
      schema: {
        response: errorResponses(
          'ADMIN_NOT_FOUND',
          'OWN_ADMIN_RIGHTS',
          'LAST_SUPER_ADMIN',
          'ADMIN_FROM_CONFIG',
        ),
        ...doc,
        params: adminIdParams,
      },
    },
    async (req, reply) => {
      const removed = await admins.remove(actorOf(req), req.params.id);
      await recordAfterChange(app.analytics, req, {
        type: 'admin_user_deleted',
        data: { adminId: removed.id, email: removed.email },
      });
      return reply.status(204).send();
    },
  );

  app.get(
    '/v1/admin/audit',
    {
      ...superOnly,
      schema: {
        ...doc,
        querystring: auditListQuery,
        response: { 200: auditListResponse, ...errorResponses('INVALID_CURSOR') },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return admins.auditPage(req.query.cursor, req.query.limit);
    },
  );
}
