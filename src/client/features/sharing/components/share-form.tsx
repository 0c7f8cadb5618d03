import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { DialogActions, DialogClose } from '../../../components/ui/dialog.tsx';
import { NumberPicker, type PickedNumber } from '../../../components/ui/number-picker.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useT } from '../../../lib/i18n.tsx';

/** The numbers of a page, or the number of an endpoint: the picker with its legend and error. */
export function NumberField({
  legend,
  label,
  mode,
  selected,
  errorId,
  error,
  onChange,
}: {
  legend: string;
  /** The picker's accessible name. */
  label: string;
  mode: 'single' | 'multiple';
  selected: ReadonlySet<string>;
  errorId: string;
  error: string | undefined;
  onChange: (next: ReadonlySet<string>, chosen: readonly PickedNumber[]) => void;
}) {
  const t = useT();
  return (
    <fieldset className="space-y-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <NumberPicker
        mode={mode}
        label={label}
        selected={selected}
        errorId={errorId}
        invalid={!!error}
        onChange={onChange}
      />
      <p id={errorId} className="text-sm text-red-700 empty:hidden" aria-live="polite">
        {errorText(t, error)}
      </p>
    </fieldset>
  );
}

/**
 * The end of a sharing form: a failure the fields do not show (`failed`: the message before
 * the server's, or none), then Cancel and the submit button.
 */
export function ShareFormFooter({
  busy,
  failure,
  failed,
  submitLabel,
  cancelLabel,
}: {
  busy: boolean;
  /** Shown when set; field errors are shown by their fields instead. */
  failure: Error | null;
  failed?: string;
  submitLabel: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
}) {
  const t = useT();
  return (
    <>
      {failure && (
        <Alert tone="error">
          {failed
            ? t('settings.shareForm.failedWith', { failed, error: errorMessage(failure) })
            : errorMessage(failure)}
        </Alert>
      )}
      <DialogActions>
        <DialogClose asChild>
          <Button variant="secondary" disabled={busy}>
            {cancelLabel ?? t('settings.actions.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" variant="primary" loading={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </>
  );
}

/** A labelled one-line text field of a sharing form (name, remark), with its hint and error. */
export function TextField({
  id,
  label,
  value,
  onChange,
  maxLength,
  error,
  hint,
  placeholder,
  autoFocus,
  markInvalid,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error: string | undefined;
  hint?: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** Red border while the error shows. */
  markInvalid?: boolean;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input
        id={id}
        value={value}
        maxLength={maxLength}
        autoFocus={autoFocus}
        autoComplete="off"
        placeholder={placeholder}
        invalid={markInvalid ? !!error : undefined}
        aria-describedby={`${id}-error`}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
