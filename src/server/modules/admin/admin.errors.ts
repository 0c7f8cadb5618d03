import { AppError, notFound } from '../../errors.ts';
import { forbidden } from '../../plugins/admin-guard.ts';

export const adminErrors = {
  adminNotFound: () => notFound('Administrator not found'),
  /** The CLI's revoke of an email that has no administrator record. */
  notAnAdmin: (email: string) => notFound(`${email} is not an administrator`),
  alreadyExists: () =>
    new AppError(409, 'ADMIN_ALREADY_EXISTS', 'An administrator with this email already exists'),
  lastSuperAdmin: () =>
    new AppError(
      409,
      'LAST_SUPER_ADMIN',
      'The last active super admin cannot be removed, deactivated or demoted. Make another administrator super admin first.',
    ),
  /** DELETE /v1/me by the last active super admin: the account is kept. */
  lastSuperAdminAccount: () =>
    new AppError(
      409,
      'LAST_SUPER_ADMIN',
      'You are the last active super admin: make another administrator super admin before deleting your account.',
    ),
  ownRights: () =>
    new AppError(
      403,
      'OWN_ADMIN_RIGHTS',
      'You cannot change your own role, permissions or status. Ask another super admin.',
    ),
  deleteSelf: () =>
    new AppError(
      403,
      'OWN_ADMIN_RIGHTS',
      'You cannot delete your own administrator record. Ask another super admin.',
    ),
  /** The acting super admin lost that role while the request was on its way. */
  notSuperAdmin: () => forbidden('Only a super admin can manage administrators.'),
};
