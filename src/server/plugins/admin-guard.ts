import type { FastifyRequest } from 'fastify';
import type { AdminAccess, AdminPermission } from '../../shared/admin-access.ts';
import { forbidden, msg } from '../errors.ts';
import type { SessionUser } from '../modules/auth/auth.repository.ts';
import { requireUser } from './session.ts';

export type AdminUser = SessionUser & { admin: AdminAccess };

/**
 * The asking admin, checked on every request against the rights read with the session (a role
 * changed a moment ago counts now): 401 when signed out, 403 when not an active admin, or when
 * `permission` is given and the admin lacks it (a super_admin has every permission).
 */
export function requireAdmin(req: FastifyRequest, permission?: AdminPermission): AdminUser {
  const user = requireUser(req);
  if (!user.admin) throw forbidden(msg('server.admin.noAccess'));
  if (permission && !user.admin.permissions[permission]) {
    throw forbidden(msg('server.admin.missingPermission', { permission }));
  }
  return user as AdminUser;
}

export function requireSuperAdmin(req: FastifyRequest): AdminUser {
  const user = requireAdmin(req);
  if (user.admin.role !== 'super_admin') {
    throw forbidden(msg('server.admin.notSuperAdmin'));
  }
  return user;
}

/** Route hooks (preValidation): the rights are checked before the body, so a stranger learns nothing from a 400. */
export const adminOnly = (permission?: AdminPermission) => async (req: FastifyRequest) => {
  requireAdmin(req, permission);
};
export const superAdminOnly = async (req: FastifyRequest) => {
  requireSuperAdmin(req);
};
