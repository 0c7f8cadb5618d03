import { UserManagementPage } from '../../features/admin-users/components/user-management-page.tsx';
import { RequirePermission } from '../../features/admin-shell/components/require-permission.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('User Management');
  return (
    <RequirePermission permission="users" section="User Management">
      <UserManagementPage />
    </RequirePermission>
  );
}
