import { AnalyticsPage } from '../../features/admin-analytics/components/analytics-page.tsx';
import { RequirePermission } from '../../features/admin-shell/components/require-permission.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle(useT()('admin.analytics.title'));
  return (
    <RequirePermission permission="analytics" section="admin.nav.analytics">
      <AnalyticsPage />
    </RequirePermission>
  );
}
