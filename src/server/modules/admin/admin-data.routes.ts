import {
  adminDashboardActivity,
  adminDashboardBlog,
  adminDashboardUsers,
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
import { dashboardAdminRepository } from './dashboard-admin.repository.ts';
import { usersAdminRepository } from './users-admin.repository.ts';
import { errorResponses } from '../../error-responses.ts';

/**
 * The admin area's data: `GET /v1/admin/users` and the contact messages (permission users), and
 * the dashboard's sections, each under the permission of the data it shows:
 * `GET /v1/admin/dashboard/users` (users: user, number and message figures and series),
 * `/dashboard/blog` (blog: published posts) and `/dashboard/activity` (analytics: the latest
 * events, with user ids and page paths). Rights are checked before the input.
 */
export function adminDataRoutes(app: App, db: Db, now: () => Date) {
  const service = adminDataService({
    users: usersAdminRepository(db),
    contact: contactAdminRepository(db),
    dashboard: dashboardAdminRepository(db),
    now,
  });
  const doc = { tags: ['admin'] };
  const users = { preValidation: adminOnly('users') };

  app.get(
    '/v1/admin/users',
    {
      ...users,
      schema: {
        ...doc,
        querystring: userListQuery,
        response: { 200: userListResponse, ...errorResponses('INVALID_CURSOR') },
      },
    },
    async (req) => service.listUsers(req.query),
  );

  app.get(
    '/v1/admin/contact-messages',
    {
      ...users,
      schema: {
        ...doc,
        querystring: contactListQuery,
        response: { 200: contactListResponse, ...errorResponses('INVALID_CURSOR') },
      },
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
        response: { 200: contactMessageDto, ...errorResponses('CONTACT_MESSAGE_NOT_FOUND') },
      },
    },
    async (req) => {
      const admin = requireAdmin(req, 'users');
      return service.setContactHandled(admin, req.params.id, req.body.handled);
    },
  );

  const sections = [
    {
      path: 'users',
      permission: 'users',
      response: adminDashboardUsers,
      read: service.dashboardUsers,
    },
    { path: 'blog', permission: 'blog', response: adminDashboardBlog, read: service.dashboardBlog },
    {
      path: 'activity',
      permission: 'analytics',
      response: adminDashboardActivity,
      read: service.dashboardActivity,
    },
  ] as const;
  for (const { path, permission, response, read } of sections) {
    app.get(
      `/v1/admin/dashboard/${path}`,
      { preValidation: adminOnly(permission), schema: { ...doc, response: { 200: response } } },
      async (_req, reply) => {
        reply.header('cache-control', 'no-store');
        return read();
      },
    );
  }
}
