import { UserManagementPage } from '../../features/admin-users/components/user-management-page.tsx';
import { RequirePermission } from '../../features/admin-shell/components/require-permission.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle(useT()('admin.users.title'));
  return (
    <RequirePermission permission="users" section="admin.nav.users">
      <UserManagementPage />
    </RequirePermission>
  );
}
