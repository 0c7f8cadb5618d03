import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';
import type { Tag } from '../../../../shared/numbers.ts';
import { MAX_TAG_NAME_LENGTH } from '../../../../shared/numbers.ts';
import { fieldClass } from '../../../components/ui/input.tsx';
import { ListboxOption } from '../../../components/ui/listbox-option.tsx';
import { cn } from '../../../lib/cn.ts';
import { T, useT } from '../../../lib/i18n.tsx';
import { useTags } from '../api/list-tags.ts';
import { TagChip } from './tag-chip.tsx';

/**
 * The tags picked: existing ones by id, new ones by name. New names are only sent with the save
 * (`tagNames`, created in the number's transaction), so a name typed and removed again, or a
 * form left unsaved, leaves no tag behind.
 */
export type TagPick = { ids: string[]; names: string[] };
export const NO_TAGS: TagPick = { ids: [], names: [] };

type Props = {
  value: TagPick;
  onChange: (next: TagPick) => void;
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
type Chip = { key: string; name: string; remove: () => TagPick };

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Search existing tags, pick them, or name a new one (made when the form is saved) — up to
 * `max`. A keyboard combobox.
 */
export function TagPicker({
  value,
  onChange,
  max = 10,
  inputId,
  knownTags = [],
  disabled,
  autoFocus,
  placeholder,
  describedBy,
  inlineList,
}: Props) {
  const t = useT();
  const baseId = useId();
  const id = inputId ?? `${baseId}-input`;
  const listId = `${baseId}-list`;
  const limitId = `${baseId}-limit`;
  const tags = useTags();
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

  const chips: Chip[] = [
    ...value.ids.map((tagId) => ({
      key: tagId,
      name: byId.get(tagId)?.name ?? '…',
      remove: () => ({ ...value, ids: value.ids.filter((v) => v !== tagId) }),
    })),
    ...value.names.map((name) => ({
      key: `new:${name}`,
      name,
      remove: () => ({ ...value, names: value.names.filter((n) => n !== name) }),
    })),
  ];
  const atLimit = chips.length >= max;
  const trimmed = query.trim();

  const options: Option[] = useMemo(() => {
    const needle = trimmed.toLowerCase();
    const all = tags.data ?? [];
    const matches = all
      .filter((t) => !value.ids.includes(t.id) && t.name.toLowerCase().includes(needle))
      .slice(0, 50)
      .map((tag): Option => ({ kind: 'tag', tag }));
    const taken = [...all.map((t) => t.name), ...value.names].some((n) => sameName(n, trimmed));
    if (trimmed && !taken && trimmed.length <= MAX_TAG_NAME_LENGTH)
      matches.push({ kind: 'create', name: trimmed });
    return matches;
  }, [tags.data, value, trimmed]);

  const showList = open && !atLimit && !disabled;
  const current = Math.min(activeIndex, Math.max(options.length - 1, 0));

  const choose = (opt: Option) => {
    if (atLimit) return;
    if (opt.kind === 'tag') {
      if (value.ids.includes(opt.tag.id)) return;
      onChange({ ...value, ids: [...value.ids, opt.tag.id] });
    } else {
      onChange({ ...value, names: [...value.names, opt.name] });
    }
    setQuery('');
    setActiveIndex(0);
    // Close the suggestions so they do not cover the form; typing or ArrowDown reopens them.
    setOpen(false);
  };

  const remove = (chip: Chip) => {
    onChange(chip.remove());
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
    } else if (e.key === 'Backspace' && query === '' && chips.length > 0) {
      onChange(chips.at(-1)!.remove());
    }
  };

  const activeOptionId = showList && options.length > 0 ? `${baseId}-opt-${current}` : undefined;

  return (
    <div className="space-y-2">
      {chips.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('app.tags.selected')}>
          {chips.map((chip) => (
            <li key={chip.key}>
              <TagChip name={chip.name} className="py-1 pr-1 text-sm">
                <button
                  type="button"
                  onClick={() => remove(chip)}
                  disabled={disabled}
                  className="inline-flex size-5 items-center justify-center rounded-full hover:bg-black/10 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
                  aria-label={t('app.tags.remove', { name: chip.name })}
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              </TagChip>
            </li>
          ))}
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
          placeholder={
            atLimit ? t('app.tags.maximum', { max }) : (placeholder ?? t('app.tags.searchOrCreate'))
          }
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
          className={fieldClass(false)}
        />
        {showList && (
          <ul
            id={listId}
            role="listbox"
            aria-label={t('app.form.tags')}
            className={cn(
              'mt-1 max-h-60 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg',
              inlineList ? 'relative' : 'absolute inset-x-0 top-full z-30',
            )}
          >
            {tags.isPending && (
              <li className="px-3 py-2 text-sm text-slate-500">{t('app.tags.loadingList')}</li>
            )}
            {!tags.isPending && options.length === 0 && (
              <li className="px-3 py-2 text-sm text-slate-500">
                {trimmed ? t('app.tags.alreadySelected') : t('app.tags.typeToCreate')}
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
                      <T
                        id="app.tags.create"
                        values={{ name: opt.name }}
                        components={{ 0: <span className="font-medium" /> }}
                      />
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
          {t('app.tags.maximum', { max })}
        </p>
      )}
    </div>
  );
}
