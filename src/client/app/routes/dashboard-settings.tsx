import { ApiKeysPanel } from '../../features/account/components/api-keys-panel.tsx';
import { DeleteAccountPanel } from '../../features/account/components/delete-account-panel.tsx';
import { PreferencesPanel } from '../../features/account/components/preferences-panel.tsx';
import { SessionsPanel } from '../../features/account/components/sessions-panel.tsx';
import { DangerZone } from '../../features/numbers/components/danger-zone.tsx';
import { NotificationsPanel } from '../../features/notifications/components/notifications-panel.tsx';
import { ExportImportPanel } from '../../features/numbers/components/export-import-panel.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const t = useT();
  useDocumentTitle(t('settings.page.title'));
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('settings.page.title')}
      </h1>
      <PreferencesPanel />
      <NotificationsPanel />
      <SessionsPanel />
      <ApiKeysPanel />
      <ExportImportPanel />
      <DangerZone />
      <DeleteAccountPanel />
    </div>
  );
}
