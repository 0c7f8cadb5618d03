import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useMe } from '../../../lib/me.ts';
import { useUpdatePreferences } from '../api/update-preferences.ts';

/** 'Preferences': per-user settings stored on the server (today: a toast for each new code). */
export function PreferencesPanel() {
  const me = useMe();
  const update = useUpdatePreferences();
  const codeToasts = me.data?.codeToasts ?? true;

  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Preferences</h2>
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
            Show a notification when a new code arrives
          </label>
          <p id="pref-code-toasts-hint" className="text-sm text-slate-600">
            A short pop-up in the corner of the dashboard with the number and its code.
          </p>
        </div>
      </div>
      {update.isError && (
        <Alert tone="error">Your preference was not saved. {errorMessage(update.error)}</Alert>
      )}
    </Card>
  );
}
