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
import { useTrackEvent } from '../../../lib/use-track-event.ts';
import { useResetSettings, useSettings } from '../api/settings.ts';
import { SettingField } from './setting-field.tsx';
import { SystemInformation } from './system-information.tsx';
import { TelegramBot } from './telegram-bot.tsx';

export const RESET_CONFIRM =
  'Are you sure you want to reset all settings? This action cannot be undone.';

/** /admin/settings: the settings in groups, Refresh, the Danger Zone and System Information. */
export function SiteSettingsPage() {
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
            Site Settings
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Changes take effect across the site within seconds.
          </p>
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
          Refresh
        </Button>
      </div>

      {settings.isPending ? (
        <div className="flex justify-center py-16 text-brand-900">
          <Spinner size="lg" label="Loading settings" />
        </div>
      ) : settings.isError && !settings.data ? (
        <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <RetryAlert
            error={settings.error}
            fallback="The settings could not be loaded."
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        </Card>
      ) : (
        <>
          {settings.isError && (
            <Alert tone="error">
              {errorMessage(settings.error, 'The settings could not be refreshed.')}
            </Alert>
          )}
          {SETTING_GROUPS.map((group) => (
            <Card key={group} className="px-4 sm:px-6" aria-labelledby={`group-${group}`}>
              <h2
                id={`group-${group}`}
                className="pt-4 text-lg font-semibold text-slate-900 sm:pt-5"
              >
                {group}
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
              Danger Zone
            </h2>
            <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-600">Put every setting back to its default value.</p>
              <Button
                variant="danger"
                onClick={() => {
                  reset.reset();
                  setConfirming(true);
                }}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                Reset All Settings
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
        title="Reset All Settings"
        description={RESET_CONFIRM}
        confirmLabel="Reset All Settings"
        loading={reset.isPending}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('Every setting is back to its default.');
            },
          })
        }
      >
        {reset.isError && (
          <Alert tone="error">
            {errorMessage(reset.error, 'The settings could not be reset.')}
          </Alert>
        )}
      </ConfirmDialog>
    </div>
  );
}
