import type { ReactNode } from 'react';
import type { AdminPermission } from '../../../../shared/admin-access.ts';
import { useAdminAccess } from '../hooks/use-admin-access.ts';
import { NotAuthorised } from './not-authorised.tsx';

/** Its children for an admin with `permission`, else the not-authorised page (inside the layout). */
export function RequirePermission({
  permission,
  section,
  children,
}: {
  permission: AdminPermission;
  /** The section's name for the refusal, e.g. 'User Management'. */
  section: string;
  children: ReactNode;
}) {
  const { permissions } = useAdminAccess();
  return permissions[permission] ? children : <NotAuthorised section={section} />;
}
