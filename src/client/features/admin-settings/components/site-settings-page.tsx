import { useState } from 'react';
import { AlertTriangle, RefreshCw, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import {
  SETTING_DEFINITIONS,
  SETTING_GROUPS,
  isSettingKey,
  type SettingKey,
} from '../../../../shared/setting-definitions.ts';
import type { SettingDto } from '../../../../shared/settings.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useTrackEvent } from '../../../lib/use-track-event.ts';
import { useResetSettings, useSettings } from '../api/settings.ts';
import { GROUP_LABELS } from '../setting-labels.ts';
import { SettingField } from './setting-field.tsx';
import { SystemInformation } from './system-information.tsx';
import { TelegramBot } from './telegram-bot.tsx';

/** /admin/settings: the settings in groups, Refresh, the Danger Zone and System Information. */
export function SiteSettingsPage() {
  const t = useT();
  useTrackEvent('admin_settings_viewed');
  const settings = useSettings();
  const reset = useResetSettings();
  const [confirming, setConfirming] = useState(false);
  const known = (settings.data?.items ?? []).filter((s): s is SettingDto & { key: SettingKey } =>
    isSettingKey(s.key),
  );

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('admin.settings.title')}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('admin.settings.subtitle')}</p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void settings.refetch()}
          disabled={settings.isFetching}
        >
          <RefreshCw
            aria-hidden="true"
            className={
              settings.isFetching ? 'size-4 animate-spin motion-reduce:animate-none' : 'size-4'
            }
          />
          {t('admin.settings.refresh')}
        </Button>
      </div>

      {settings.isPending ? (
        <div className="flex justify-center py-16 text-brand-900">
          <Spinner size="lg" label={t('admin.settings.loading')} />
        </div>
      ) : settings.isError && !settings.data ? (
        <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <RetryAlert
            error={settings.error}
            fallback={t('admin.settings.loadFailed')}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        </Card>
      ) : (
        <>
          {settings.isError && (
            <Alert tone="error">
              {errorMessage(settings.error, t('admin.settings.refreshFailed'))}
            </Alert>
          )}
          {SETTING_GROUPS.map((group) => (
            <Card key={group} className="px-4 sm:px-6" aria-labelledby={`group-${group}`}>
              <h2
                id={`group-${group}`}
                className="pt-4 text-lg font-semibold text-slate-900 sm:pt-5"
              >
                {t(GROUP_LABELS[group])}
              </h2>
              <div className="divide-y divide-slate-100">
                {known
                  .filter((s) => SETTING_DEFINITIONS[s.key].group === group)
                  .map((s) => (
                    <SettingField key={s.key} setting={s} />
                  ))}
              </div>
            </Card>
          ))}

          <section className="rounded-2xl border border-red-200 bg-white p-4 shadow-sm sm:p-6">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-red-800">
              <AlertTriangle aria-hidden="true" className="size-5" />
              {t('admin.settings.dangerZone')}
            </h2>
            <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-600">{t('admin.settings.resetHelp')}</p>
              <Button
                variant="danger"
                onClick={() => {
                  reset.reset();
                  setConfirming(true);
                }}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                {t('admin.settings.resetAll')}
              </Button>
            </div>
          </section>

          <TelegramBot source={settings.data.system.notifications.telegram} />
          <SystemInformation system={settings.data.system} />
        </>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin.settings.resetAll')}
        description={t('admin.settings.resetConfirm')}
        confirmLabel={t('admin.settings.resetAll')}
        loading={reset.isPending}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('admin.settings.resetDone'));
            },
          })
        }
      >
        {reset.isError && (
          <Alert tone="error">{errorMessage(reset.error, t('admin.settings.resetFailed'))}</Alert>
        )}
      </ConfirmDialog>
    </div>
  );
}
