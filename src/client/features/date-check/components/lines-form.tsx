import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CalendarSearch } from 'lucide-react';
import { checkLines } from '../../../../shared/check-rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n.tsx';

type Props = {
  id: string;
  label: string;
  /** Format help under the textarea. */
  help: ReactNode;
  placeholder: string;
  /** Shown as a counter; more lines disable the button. */
  maxLines: number;
  running: boolean;
  onSubmit: (text: string, lines: string[]) => void;
};

/** A textarea of pasted lines and a 'Check Dates' button (disabled while empty or running). */
export function LinesForm({ id, label, help, placeholder, maxLines, running, onSubmit }: Props) {
  const t = useT();
  const [text, setText] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  // On a pre-rendered page (/date-checker), lines pasted before the script ran are in the box but
  // not in the state: take them over once mounted, so the count and the button follow.
  useEffect(() => {
    const typed = textarea.current?.value;
    if (typed) setText(typed);
  }, []);
  const lines = checkLines(text);
  const tooMany = lines.length > maxLines;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (lines.length === 0 || tooMany || running) return;
    onSubmit(text, lines);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="flex items-end justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <span
          id={`${id}-count`}
          className={cn(
            'text-xs whitespace-nowrap tabular-nums',
            tooMany ? 'text-red-700' : 'text-slate-500',
          )}
        >
          {t('public.dateCheck.linesOfMax', { count: lines.length, max: maxLines })}
        </span>
      </div>
      <Textarea
        ref={textarea}
        id={id}
        rows={8}
        spellCheck={false}
        autoComplete="off"
        wrap="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        invalid={tooMany}
        aria-describedby={`${id}-help ${id}-count ${id}-error`}
        className="font-mono text-sm sm:text-xs"
        placeholder={placeholder}
      />
      <div id={`${id}-help`} className="text-xs text-slate-600">
        {help}
      </div>
      <p id={`${id}-error`} className="text-sm text-red-700 empty:hidden" aria-live="polite">
        {tooMany ? t('public.dateCheck.tooMany', { max: maxLines }) : ''}
      </p>
      <div className="flex justify-end">
        <Button
          type="submit"
          variant="primary"
          loading={running}
          disabled={lines.length === 0 || tooMany}
          className="w-full sm:w-auto"
        >
          {!running && <CalendarSearch aria-hidden="true" className="size-4" />}
          {running ? t('public.dateCheck.checking') : t('public.dateCheck.checkDates')}
        </Button>
      </div>
    </form>
  );
}
