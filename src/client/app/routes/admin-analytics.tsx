import { AnalyticsPage } from '../../features/admin-analytics/components/analytics-page.tsx';
import { RequirePermission } from '../../features/admin-shell/components/require-permission.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Analytics');
  return (
    <RequirePermission permission="analytics" section="Analytics">
      <AnalyticsPage />
    </RequirePermission>
  );
}
