import type { ReactNode } from 'react';
import { errorText } from '../../lib/error-text.ts';
import { useT } from '../../lib/i18n.tsx';

type Props = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
};

/**
 * Label + control + error text. The control must use id and aria-describedby={`${id}-error`}.
 * `error` may be a schema's validation message (a catalogue key): it is shown translated.
 */
export function FormField({ id, label, error, hint, children }: Props) {
  const t = useT();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      <p
        id={`${id}-error`}
        className="min-h-0 text-sm text-red-700 empty:hidden"
        aria-live="polite"
      >
        {errorText(t, error)}
      </p>
    </div>
  );
}
