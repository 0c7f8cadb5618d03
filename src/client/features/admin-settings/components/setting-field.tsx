import { useState } from 'react';
import { Check } from 'lucide-react';
import { SETTING_DEFINITIONS, type SettingKey } from '../../../../shared/setting-definitions.ts';
import type { SettingDto } from '../../../../shared/settings.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage, isApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format-time.ts';
import { useT, type Translate } from '../../../lib/i18n.tsx';
import { useUpdateSetting } from '../api/settings.ts';
import { SETTING_LABELS } from '../setting-labels.ts';

/** The server's words for a refused value: its field messages, else its message. */
function saveError(t: Translate, err: unknown): string {
  const fields = isApiError(err) ? err.fields : undefined;
  const messages = fields ? Object.values(fields).flat() : [];
  return messages.length ? messages.join(' ') : errorMessage(err, t('admin.settings.saveFailed'));
}

/** Who changed a setting and when, as far as known. */
function changedNote(t: Translate, by: string | null, at: string | null): string {
  const date = at ? formatDate(at) : null;
  if (by && date) return t('admin.settings.changedByOn', { email: by, date });
  if (by) return t('admin.settings.changedBy', { email: by });
  if (date) return t('admin.settings.changedOn', { date });
  return t('admin.settings.changed');
}

/** What to send for a typed number: the number, or the text itself (the server names the error). */
const numberOrText = (text: string) => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) ? n : text;
};

/**
 * One setting: a switch that saves on toggle, or a field that saves on blur when changed; a
 * per-field saving indicator and the server's error under it.
 */
export function SettingField({ setting }: { setting: SettingDto & { key: SettingKey } }) {
  const t = useT();
  const def = SETTING_DEFINITIONS[setting.key];
  const words = SETTING_LABELS[setting.key];
  const label = t(words.label);
  const help = t(words.help);
  const update = useUpdateSetting(setting.key);
  const [draft, setDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const id = `setting-${setting.key}`;

  const save = (value: boolean | number | string) => {
    setSaved(false);
    update.mutate(value, {
      onSuccess: () => {
        setDraft(null);
        setSaved(true);
      },
    });
  };

  const status = (
    <span className="inline-flex h-5 items-center text-xs" aria-live="polite">
      {update.isPending ? (
        <span className="inline-flex items-center gap-1 text-slate-500">
          <Spinner size="sm" label={null} className="text-brand-700" />
          {t('admin.settings.saving')}
        </span>
      ) : saved && !update.isError ? (
        <span className="inline-flex items-center gap-1 text-emerald-700">
          <Check aria-hidden="true" className="size-3.5" />
          {t('admin.settings.saved')}
        </span>
      ) : null}
    </span>
  );

  const meta = (
    <p className="text-xs text-slate-500">
      {setting.isDefault
        ? t('admin.settings.defaultValue')
        : changedNote(t, setting.updatedBy, setting.updatedAt)}
    </p>
  );
  const error = update.isError && (
    <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
      {saveError(t, update.error)}
    </p>
  );

  if (def.type === 'boolean') {
    const checked = update.isPending ? (update.variables as boolean) : setting.value === true;
    return (
      <div className="flex items-start justify-between gap-4 py-4" data-testid={id}>
        <div className="min-w-0 space-y-0.5">
          <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-slate-900">
            <span id={`${id}-label`}>{label}</span>
            {status}
          </p>
          <p className="text-sm text-slate-600">{help}</p>
          {meta}
          {error}
        </div>
        <Switch
          checked={checked}
          disabled={update.isPending}
          onChange={(on) => save(on)}
          label={label}
          className="mt-0.5"
        />
      </div>
    );
  }

  const serverText = String(setting.value);
  const shown = draft ?? serverText;
  const edit = (text: string) => {
    setSaved(false);
    setDraft(text);
  };
  /** Saves a changed value; an unchanged one drops the draft (and an earlier refusal). */
  const onBlur = () => {
    if (draft === null || draft === serverText) {
      setDraft(null);
      if (update.isError) update.reset();
      return;
    }
    save(def.type === 'number' ? numberOrText(draft) : draft);
  };
  return (
    <div className="space-y-1.5 py-4" data-testid={id}>
      <div className="flex flex-wrap items-center gap-x-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        {status}
      </div>
      <p className="text-sm text-slate-600">{help}</p>
      {def.type === 'text' && def.maxLength > 100 ? (
        <Textarea
          id={id}
          rows={3}
          maxLength={def.maxLength}
          value={shown}
          readOnly={update.isPending}
          onChange={(e) => edit(e.target.value)}
          onBlur={onBlur}
          invalid={update.isError}
          aria-describedby={update.isError ? `${id}-error` : undefined}
          className="sm:max-w-xl"
        />
      ) : (
        <Input
          id={id}
          type={def.type === 'number' ? 'number' : def.type === 'email' ? 'email' : 'text'}
          inputMode={def.type === 'number' ? 'numeric' : undefined}
          {...(def.type === 'number'
            ? { min: def.min, max: def.max, step: 1 }
            : { maxLength: def.maxLength })}
          value={shown}
          readOnly={update.isPending}
          onChange={(e) => edit(e.target.value)}
          onBlur={onBlur}
          invalid={update.isError}
          aria-describedby={update.isError ? `${id}-error` : undefined}
          className="sm:max-w-md"
        />
      )}
      {error}
      {meta}
    </div>
  );
}
