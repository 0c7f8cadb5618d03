import { SiteSettingsPage } from '../../features/admin-settings/components/site-settings-page.tsx';
import { RequirePermission } from '../../features/admin-shell/components/require-permission.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle(useT()('admin.settings.title'));
  return (
    <RequirePermission permission="settings" section="admin.nav.settings">
      <SiteSettingsPage />
    </RequirePermission>
  );
}
