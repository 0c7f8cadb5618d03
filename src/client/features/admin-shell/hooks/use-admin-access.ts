import type { AdminAccess } from '../../../../shared/admin-access.ts';
import { useMe } from '../../../lib/me.ts';

/**
 * The signed-in admin's email, role and effective permissions, from the cached session. Only for
 * pages inside the admin layout, which renders its children only once this is known.
 */
export function useAdminAccess(): { email: string } & AdminAccess {
  const me = useMe().data;
  if (!me?.admin) throw new Error('useAdminAccess must be used inside the admin layout');
  return { email: me.email, ...me.admin };
}
