import { useRef, useState } from 'react';
import { Search, Star, Tags, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { fieldClass } from '../../../components/ui/input.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { useTags } from '../api/list-tags.ts';
import type { useNumberFilters } from '../hooks/use-number-filters.ts';
import { ToggleButton } from '../../../components/ui/toggle-button.tsx';
import { ManageTagsDialog } from './manage-tags-dialog.tsx';

type Props = { f: ReturnType<typeof useNumberFilters> };

/** Search, Active/Inactive, Favorites, tag dropdown with 'Manage Tags', and 'Clear Filters (n)'. */
export function NumberFilters({ f }: Props) {
  const t = useT();
  const tags = useTags();
  const [managing, setManaging] = useState(false);
  /** The button that opened Manage Tags: focus goes back to it when the dialog closes. */
  const opener = useRef<HTMLButtonElement | null>(null);
  return (
    <section
      aria-label={t('app.filters.label')}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative min-w-0 flex-1">
          <label htmlFor="numbers-filter-search" className="sr-only">
            {t('app.filters.searchLabel')}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id="numbers-filter-search"
            type="search"
            placeholder={t('app.filters.searchPlaceholder')}
            value={f.q}
            onChange={(e) => f.set('q', e.target.value)}
            className={fieldClass(false, 'pl-9')}
          />
        </div>
        {/* The tag list keeps room for its names: a long 'Manage Tags' goes to the next line. */}
        <div className="flex flex-wrap gap-2">
          <div className="min-w-40 flex-1 sm:w-56 sm:flex-none">
            <label htmlFor="numbers-filter-tag" className="sr-only">
              {t('app.filters.tagLabel')}
            </label>
            <Select
              id="numbers-filter-tag"
              value={f.tag}
              onChange={(e) => f.set('tag', e.target.value || undefined)}
            >
              <option value="">{t('app.filters.allTags')}</option>
              {tags.data?.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name}
                </option>
              ))}
            </Select>
          </div>
          <Button
            variant="secondary"
            className="h-auto min-h-10 shrink-0 self-stretch px-3"
            onClick={(e) => {
              opener.current = e.currentTarget;
              setManaging(true);
            }}
            aria-haspopup="dialog"
          >
            <Tags aria-hidden="true" className="size-4" />
            {t('app.tags.manage')}
          </Button>
        </div>
      </div>
      <ManageTagsDialog
        open={managing}
        onOpenChange={setManaging}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          opener.current?.focus();
        }}
        onTagGone={(id, replacement) => {
          if (f.tag === id) f.set('tag', replacement);
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <ToggleButton
          pressed={f.active === true}
          onClick={() => f.set('active', f.active === true ? undefined : 'true')}
        >
          {t('app.filters.active')}
        </ToggleButton>
        <ToggleButton
          pressed={f.active === false}
          onClick={() => f.set('active', f.active === false ? undefined : 'false')}
        >
          {t('app.filters.inactive')}
        </ToggleButton>
        <ToggleButton
          pressed={f.favorite}
          onClick={() => f.set('favorite', f.favorite ? undefined : 'true')}
        >
          <Star aria-hidden="true" className="size-4" />
          {t('app.filters.favorites')}
        </ToggleButton>
        {f.activeCount > 0 && (
          <Button variant="ghost" size="sm" onClick={f.clear}>
            <X aria-hidden="true" className="size-4" />
            {t('app.numbers.clearFilters', { count: f.activeCount })}
          </Button>
        )}
      </div>
    </section>
  );
}
