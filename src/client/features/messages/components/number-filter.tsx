import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { formatPhone } from '../../../../shared/phone.ts';
import { fieldClass } from '../../../components/ui/input.tsx';
import { ListboxOption } from '../../../components/ui/listbox-option.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import {
  useNumberOption,
  useNumberSuggestions,
  useRememberNumberOption,
  type NumberOption,
} from '../api/list-number-options.ts';

type Props = {
  /** id of the text input, for an outside <label htmlFor>. */
  inputId: string;
  /** The chosen number's id, or '' for all numbers. */
  value: string;
  onChange: (id: string) => void;
};

/**
 * The history's number filter: a keyboard combobox that searches the whole collection on the
 * server (digits, tag or host) and shows up to 20 matches, so any of thousands of numbers can be
 * chosen. Empty means all numbers.
 */
export function NumberFilter({ inputId, value, onChange }: Props) {
  const t = useT();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const [text, setText] = useState<string | null>(null); // null: not typing, show the choice
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const typed = useDebouncedValue((text ?? '').trim(), 250);
  const suggestions = useNumberSuggestions(typed, open);
  const chosen = useNumberOption(value);
  const remember = useRememberNumberOption();

  // Matches are shown (and Enter takes one) only once they answer what is typed now.
  const settled = typed === (text ?? '').trim() && !suggestions.isFetching;
  const options = settled ? (suggestions.data ?? []) : [];
  const current = Math.min(activeIndex, Math.max(options.length - 1, 0));
  const chosenLabel = !value
    ? ''
    : chosen.data
      ? formatPhone(chosen.data.phoneNumber)
      : chosen.data === null
        ? t('app.history.unknownNumber')
        : '…';

  const choose = (n: NumberOption) => {
    remember(n);
    onChange(n.id);
    setText(null);
    setOpen(false);
  };
  const clear = () => {
    onChange('');
    setText(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      // A closed list opens on its first match; an open one moves down.
      if (!open) {
        setOpen(true);
        setActiveIndex(0);
      } else setActiveIndex((i) => Math.max(0, Math.min(i + 1, options.length - 1)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActiveIndex((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const n = options[current];
      if (open && n) choose(n);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setText(null);
    }
  };

  const activeOptionId = open && options.length > 0 ? `${baseId}-opt-${current}` : undefined;

  return (
    <div className="relative">
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOptionId}
        autoComplete="off"
        inputMode="search"
        placeholder={t('app.history.allNumbers')}
        value={text ?? chosenLabel}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActiveIndex(0);
        }}
        onFocus={(e) => {
          e.target.select();
          setOpen(true);
        }}
        onBlur={() => {
          setOpen(false);
          // Emptied and left: back to all numbers; otherwise the choice stays as it was.
          if (text !== null && text.trim() === '' && value) clear();
          setText(null);
        }}
        onKeyDown={onKeyDown}
        className={fieldClass(false, value ? 'pr-9' : undefined)}
      />
      {value && (
        <button
          type="button"
          onClick={clear}
          aria-label={t('app.history.showAll')}
          className="absolute top-1/2 right-2 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
      {open && (
        <div className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg">
          <p
            role="status"
            aria-live="polite"
            className={cn(
              options.length > 0 ? 'sr-only' : 'px-3 py-2 text-sm',
              settled && suggestions.isError ? 'text-red-700' : 'text-slate-500',
            )}
          >
            {!settled
              ? t('app.history.searching')
              : suggestions.isError
                ? t('app.history.optionsFailed')
                : options.length === 0
                  ? t('app.history.noMatch')
                  : t('app.history.found', { count: options.length })}
          </p>
          <ul
            id={listId}
            role="listbox"
            aria-label={t('app.numbers.listLabel')}
            className="max-h-60 overflow-y-auto"
          >
            {options.map((n, i) => (
              <ListboxOption
                key={n.id}
                id={`${baseId}-opt-${i}`}
                active={i === current}
                onHover={() => setActiveIndex(i)}
                onSelect={() => choose(n)}
                className={cn('tabular-nums', n.id === value && 'font-semibold')}
              >
                {formatPhone(n.phoneNumber)}
              </ListboxOption>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
