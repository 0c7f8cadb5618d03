import { AdminDashboardPage } from '../../features/admin-dashboard/components/admin-dashboard-page.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle(useT()('admin.dashboard.title'));
  return <AdminDashboardPage />;
}
