import { SiteSettingsPage } from '../../features/admin-settings/components/site-settings-page.tsx';
import { RequirePermission } from '../../features/admin-shell/components/require-permission.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Site Settings');
  return (
    <RequirePermission permission="settings" section="Settings">
      <SiteSettingsPage />
    </RequirePermission>
  );
}
