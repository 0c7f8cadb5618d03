import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';
import type { Tag } from '../../../../shared/numbers.ts';
import { MAX_TAG_NAME_LENGTH } from '../../../../shared/numbers.ts';
import { fieldClass } from '../../../components/ui/input.tsx';
import { ListboxOption } from '../../../components/ui/listbox-option.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { useCreateTag } from '../api/create-tag.ts';
import { useTags } from '../api/list-tags.ts';
import { TagChip } from './tag-chip.tsx';

type Props = {
  /** Selected tag ids. */
  value: string[];
  onChange: (ids: string[]) => void;
  /** Most tags that can be chosen (10 by default; number forms use 5). */
  max?: number;
  /** id of the text input, for an outside <label htmlFor>. */
  inputId?: string;
  /** Names for ids that may not be in the tag list yet (e.g. the number's own tags). */
  knownTags?: Tag[];
  disabled?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  /** Extra ids for aria-describedby (e.g. a form field's error). */
  describedBy?: string;
  /** Render the suggestions in the flow instead of floating (inside clipped containers). */
  inlineList?: boolean;
};

type Option = { kind: 'tag'; tag: Tag } | { kind: 'create'; name: string };

/** Search existing tags, pick them, or create a new one — up to `max`. A keyboard combobox. */
export function TagPicker({
  value,
  onChange,
  max = 10,
  inputId,
  knownTags = [],
  disabled,
  autoFocus,
  placeholder = 'Search or create tags...',
  describedBy,
  inlineList,
}: Props) {
  const baseId = useId();
  const id = inputId ?? `${baseId}-input`;
  const listId = `${baseId}-list`;
  const limitId = `${baseId}-limit`;
  const tags = useTags();
  const create = useCreateTag();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const byId = useMemo(() => {
    const map = new Map<string, Tag>();
    for (const t of knownTags) map.set(t.id, t);
    for (const t of tags.data ?? []) map.set(t.id, t);
    return map;
  }, [knownTags, tags.data]);

  const atLimit = value.length >= max;
  const trimmed = query.trim();

  const options: Option[] = useMemo(() => {
    const needle = trimmed.toLowerCase();
    const all = tags.data ?? [];
    const matches = all
      .filter((t) => !value.includes(t.id) && t.name.toLowerCase().includes(needle))
      .slice(0, 50)
      .map((tag): Option => ({ kind: 'tag', tag }));
    const exact = all.some((t) => t.name.toLowerCase() === needle);
    if (trimmed && !exact && trimmed.length <= MAX_TAG_NAME_LENGTH)
      matches.push({ kind: 'create', name: trimmed });
    return matches;
  }, [tags.data, value, trimmed]);

  const showList = open && !atLimit && !disabled;
  const current = Math.min(activeIndex, Math.max(options.length - 1, 0));

  const add = (tagId: string) => {
    if (value.includes(tagId) || value.length >= max) return;
    onChange([...value, tagId]);
    setQuery('');
    setActiveIndex(0);
    // Close the suggestions so they do not cover the form; typing or ArrowDown reopens them.
    setOpen(false);
  };

  const choose = (opt: Option) => {
    if (opt.kind === 'tag') return add(opt.tag.id);
    create.mutate(opt.name, { onSuccess: (tag) => add(tag.id) });
  };

  const remove = (tagId: string) => {
    onChange(value.filter((v) => v !== tagId));
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActiveIndex((i) => Math.min(i + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActiveIndex((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      // Never submit the surrounding form from the tag search.
      e.preventDefault();
      const opt = options[current];
      if (showList && opt) choose(opt);
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
      }
    } else if (e.key === 'Backspace' && query === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const activeOptionId = showList && options.length > 0 ? `${baseId}-opt-${current}` : undefined;

  return (
    <div className="space-y-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Selected tags">
          {value.map((tagId) => {
            const name = byId.get(tagId)?.name ?? '…';
            return (
              <li key={tagId}>
                <TagChip name={name} className="py-1 pr-1 text-sm">
                  <button
                    type="button"
                    onClick={() => remove(tagId)}
                    disabled={disabled}
                    className="inline-flex size-5 items-center justify-center rounded-full hover:bg-black/10 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
                    aria-label={`Remove tag ${name}`}
                  >
                    <X aria-hidden="true" className="size-3" />
                  </button>
                </TagChip>
              </li>
            );
          })}
        </ul>
      )}
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={activeOptionId}
          aria-describedby={
            [atLimit ? limitId : undefined, describedBy].filter(Boolean).join(' ') || undefined
          }
          autoComplete="off"
          autoFocus={autoFocus}
          disabled={disabled || atLimit}
          placeholder={atLimit ? `Maximum ${max} tags allowed` : placeholder}
          value={query}
          maxLength={MAX_TAG_NAME_LENGTH}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActiveIndex(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={fieldClass(false, 'pr-9')}
        />
        {create.isPending && (
          <Spinner
            size="sm"
            label="Creating tag"
            className="absolute top-1/2 right-3 -translate-y-1/2 text-slate-500"
          />
        )}
        {showList && (
          <ul
            id={listId}
            role="listbox"
            aria-label="Tags"
            className={cn(
              'mt-1 max-h-60 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg',
              inlineList ? 'relative' : 'absolute inset-x-0 top-full z-30',
            )}
          >
            {tags.isPending && <li className="px-3 py-2 text-sm text-slate-500">Loading tags…</li>}
            {!tags.isPending && options.length === 0 && (
              <li className="px-3 py-2 text-sm text-slate-500">
                {trimmed ? 'Already selected' : 'Type to create a tag'}
              </li>
            )}
            {options.map((opt, i) => (
              <ListboxOption
                key={opt.kind === 'tag' ? opt.tag.id : `create:${opt.name}`}
                id={`${baseId}-opt-${i}`}
                active={i === current}
                onHover={() => setActiveIndex(i)}
                onSelect={() => choose(opt)}
                className="flex items-center gap-2"
              >
                {opt.kind === 'tag' ? (
                  <TagChip name={opt.tag.name} />
                ) : (
                  <>
                    <Plus aria-hidden="true" className="size-4 text-slate-500" />
                    <span>
                      Create “<span className="font-medium">{opt.name}</span>”
                    </span>
                  </>
                )}
              </ListboxOption>
            ))}
          </ul>
        )}
      </div>
      {atLimit && (
        <p id={limitId} className="text-xs text-amber-700" aria-live="polite">
          Maximum {max} tags allowed
        </p>
      )}
      {create.isError && (
        <p className="text-sm text-red-700" role="alert">
          {errorMessage(create.error, 'Failed to create tag')}
        </p>
      )}
    </div>
  );
}
