import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useMe } from '../../../lib/me.ts';
import { THEME_LABELS, useSetTheme, useTheme } from '../../../lib/theme.ts';
import { THEMES } from '../../../../shared/theme.ts';
import { THEME_ICONS } from '../../../components/ui/theme-menu.tsx';
import { useUpdatePreferences } from '../api/update-preferences.ts';

/** 'Preferences': per-user settings stored on the server (a toast for each new code, the theme). */
export function PreferencesPanel() {
  const t = useT();
  const me = useMe();
  const update = useUpdatePreferences();
  const codeToasts = me.data?.codeToasts ?? true;

  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('settings.preferences.title')}</h2>
      <div className="flex items-start gap-3">
        <Checkbox
          id="pref-code-toasts"
          role="switch"
          aria-checked={codeToasts}
          aria-describedby="pref-code-toasts-hint"
          className="mt-0.5"
          checked={codeToasts}
          onChange={(e) => update.mutate({ codeToasts: e.target.checked })}
        />
        <div>
          <label htmlFor="pref-code-toasts" className="text-sm font-medium text-slate-800">
            {t('settings.preferences.codeToasts')}
          </label>
          <p id="pref-code-toasts-hint" className="text-sm text-slate-600">
            {t('settings.preferences.codeToastsHint')}
          </p>
        </div>
      </div>
      <ThemeChoice />
      {update.isError && (
        <Alert tone="error">
          {t('settings.preferences.notSaved', { error: errorMessage(update.error) })}
        </Alert>
      )}
    </Card>
  );
}

/** The theme as three radio buttons (a segmented control): the device's setting, light or dark. */
function ThemeChoice() {
  const t = useT();
  const theme = useTheme();
  const setTheme = useSetTheme();
  return (
    <fieldset className="space-y-2" aria-describedby="pref-theme-hint">
      <legend className="text-sm font-medium text-slate-800">
        {t('settings.preferences.theme')}
      </legend>
      <p id="pref-theme-hint" className="text-sm text-slate-600">
        {t('settings.preferences.themeHint')}
      </p>
      <div className="inline-flex flex-wrap gap-1 rounded-xl border border-slate-200 bg-slate-50 p-1">
        {THEMES.map((value) => {
          const Icon = THEME_ICONS[value];
          return (
            <label
              key={value}
              className="inline-flex cursor-pointer items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 has-[:checked]:bg-white has-[:checked]:text-slate-900 has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-500"
            >
              <input
                type="radio"
                name="pref-theme"
                value={value}
                checked={theme === value}
                onChange={() => setTheme.mutate(value)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-4" />
              {t(THEME_LABELS[value])}
            </label>
          );
        })}
      </div>
      {setTheme.isError && (
        <Alert tone="error">
          {t('settings.preferences.themeNotSaved', { error: errorMessage(setTheme.error) })}
        </Alert>
      )}
    </fieldset>
  );
}
