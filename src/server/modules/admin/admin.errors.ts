import { AppError, forbidden } from '../../errors.ts';

export const adminErrors = {
  adminNotFound: () => new AppError('ADMIN_NOT_FOUND', 'Administrator not found'),
  /** The CLI's revoke of an email that has no administrator record. */
  notAnAdmin: (email: string) =>
    new AppError('ADMIN_NOT_FOUND', `${email} is not an administrator`),
  alreadyExists: () =>
    new AppError('ADMIN_ALREADY_EXISTS', 'An administrator with this email already exists'),
  lastSuperAdmin: () =>
    new AppError(
      'LAST_SUPER_ADMIN',
      'The last active super admin cannot be removed, deactivated or demoted. Make another administrator super admin first.',
    ),
  /** DELETE /v1/me by the last active super admin: the account is kept. */
  lastSuperAdminAccount: () =>
    new AppError(
      'LAST_SUPER_ADMIN',
      'You are the last active super admin: make another administrator super admin before deleting your account.',
    ),
  ownRights: () =>
    new AppError(
      'OWN_ADMIN_RIGHTS',
      'You cannot change your own role, permissions or status. Ask another super admin.',
    ),
  deleteSelf: () =>
    new AppError(
      'OWN_ADMIN_RIGHTS',
      'You cannot delete your own administrator record. Ask another super admin.',
    ),
  configured: (email: string) =>
    new AppError(
      'ADMIN_FROM_CONFIG',
      `${email} is listed in the server's ADMIN_EMAILS and becomes a super admin again at sign-in. Remove it from ADMIN_EMAILS first.`,
    ),
  /** The acting super admin lost that role while the request was on its way. */
  notSuperAdmin: () => forbidden('Only a super admin can manage administrators.'),
};
