import {
  adminStatsResponse,
  contactListQuery,
  contactListResponse,
  contactMessageDto,
  updateContactBody,
  userListQuery,
  userListResponse,
} from '../../../shared/admin.ts';
import { idParams } from '../../../shared/numbers.ts';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { adminOnly, requireAdmin } from '../../plugins/admin-guard.ts';
import { adminDataService } from './admin-data.service.ts';
import { contactAdminRepository } from './contact-admin.repository.ts';
import { statsAdminRepository } from './stats-admin.repository.ts';
import { usersAdminRepository } from './users-admin.repository.ts';

/**
 * The admin area's data: `GET /v1/admin/users` and the contact messages (permission users), and
 * `GET /v1/admin/stats` (any active admin). Rights are checked before the input.
 */
export function adminDataRoutes(app: App, db: Db, now: () => Date) {
  const service = adminDataService({
    users: usersAdminRepository(db),
    contact: contactAdminRepository(db),
    stats: statsAdminRepository(db),
    now,
  });
  const doc = { tags: ['admin'] };
  const users = { preValidation: adminOnly('users') };

  app.get(
    '/v1/admin/users',
    {
      ...users,
      schema: { ...doc, querystring: userListQuery, response: { 200: userListResponse } },
    },
    async (req) => service.listUsers(req.query),
  );

  app.get(
    '/v1/admin/contact-messages',
    {
      ...users,
      schema: { ...doc, querystring: contactListQuery, response: { 200: contactListResponse } },
    },
    async (req) => service.listContactMessages(req.query),
  );

  app.patch(
    '/v1/admin/contact-messages/:id',
    {
      ...users,
      schema: {
        ...doc,
        params: idParams,
        body: updateContactBody,
        response: { 200: contactMessageDto },
      },
    },
    async (req) => {
      const admin = requireAdmin(req, 'users');
      return service.setContactHandled(admin, req.params.id, req.body.handled);
    },
  );

  app.get(
    '/v1/admin/stats',
    { preValidation: adminOnly(), schema: { ...doc, response: { 200: adminStatsResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.stats();
    },
  );
}
