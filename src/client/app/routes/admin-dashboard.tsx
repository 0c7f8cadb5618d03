import { AdminDashboardPage } from '../../features/admin-dashboard/components/admin-dashboard-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Admin Dashboard');
  return <AdminDashboardPage />;
}
