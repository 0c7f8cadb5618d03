import { Search, Star, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { fieldClass } from '../../../components/ui/input.tsx';
import { useTags } from '../api/list-tags.ts';
import type { useNumberFilters } from '../hooks/use-number-filters.ts';
import { ToggleButton } from '../../../components/ui/toggle-button.tsx';

type Props = { f: ReturnType<typeof useNumberFilters> };

/** Search, Active/Inactive, Favorites, tag dropdown and 'Clear Filters (n)'. */
export function NumberFilters({ f }: Props) {
  const tags = useTags();
  return (
    <section
      aria-label="Filters"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative min-w-0 flex-1">
          <label htmlFor="numbers-filter-search" className="sr-only">
            Search numbers by phone number, tag or provider host
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id="numbers-filter-search"
            type="search"
            placeholder="Number, tag or provider host"
            value={f.q}
            onChange={(e) => f.set('q', e.target.value)}
            className={fieldClass(false, 'pl-9')}
          />
        </div>
        <div className="sm:w-56">
          <label htmlFor="numbers-filter-tag" className="sr-only">
            Filter by tag
          </label>
          <Select
            id="numbers-filter-tag"
            value={f.tag}
            onChange={(e) => f.set('tag', e.target.value || undefined)}
          >
            <option value="">All Tags</option>
            {tags.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ToggleButton
          pressed={f.active === true}
          onClick={() => f.set('active', f.active === true ? undefined : 'true')}
        >
          Active
        </ToggleButton>
        <ToggleButton
          pressed={f.active === false}
          onClick={() => f.set('active', f.active === false ? undefined : 'false')}
        >
          Inactive
        </ToggleButton>
        <ToggleButton
          pressed={f.favorite}
          onClick={() => f.set('favorite', f.favorite ? undefined : 'true')}
        >
          <Star aria-hidden="true" className="size-4" />
          Favorites
        </ToggleButton>
        {f.activeCount > 0 && (
          <Button variant="ghost" size="sm" onClick={f.clear}>
            <X aria-hidden="true" className="size-4" />
            Clear Filters ({f.activeCount})
          </Button>
        )}
      </div>
    </section>
  );
}
