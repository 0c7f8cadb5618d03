import type { ReactNode } from 'react';
import type { AdminPermission } from '../../../../shared/admin-access.ts';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { useAdminAccess } from '../hooks/use-admin-access.ts';
import { NotAuthorised } from './not-authorised.tsx';

/** Its children for an admin with `permission`, else the not-authorised page (inside the layout). */
export function RequirePermission({
  permission,
  section,
  children,
}: {
  permission: AdminPermission;
  /** The section's name for the refusal (a catalogue key), e.g. 'admin.nav.users'. */
  section: MessageId;
  children: ReactNode;
}) {
  const { permissions } = useAdminAccess();
  return permissions[permission] ? children : <NotAuthorised section={section} />;
}
