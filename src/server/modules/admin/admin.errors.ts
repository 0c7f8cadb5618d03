import { AppError, forbidden, msg } from '../../errors.ts';

export const adminErrors = {
  adminNotFound: () => new AppError('ADMIN_NOT_FOUND', msg('server.admin.adminNotFound')),
  /** The CLI's revoke of an email that has no administrator record. */
  notAnAdmin: (email: string) =>
    new AppError('ADMIN_NOT_FOUND', msg('server.admin.notAnAdmin', { email })),
  alreadyExists: () => new AppError('ADMIN_ALREADY_EXISTS', msg('server.admin.alreadyExists')),
  lastSuperAdmin: () => new AppError('LAST_SUPER_ADMIN', msg('server.admin.lastSuperAdmin')),
  /** DELETE /v1/me by the last active super admin: the account is kept. */
  lastSuperAdminAccount: () =>
    new AppError('LAST_SUPER_ADMIN', msg('server.admin.lastSuperAdminAccount')),
  ownRights: () => new AppError('OWN_ADMIN_RIGHTS', msg('server.admin.ownRights')),
  deleteSelf: () => new AppError('OWN_ADMIN_RIGHTS', msg('server.admin.deleteSelf')),
  configured: (email: string) =>
    new AppError('ADMIN_FROM_CONFIG', msg('server.admin.configured', { email })),
  /** The acting super admin lost that role while the request was on its way. */
  notSuperAdmin: () => forbidden(msg('server.admin.notSuperAdmin')),
};
