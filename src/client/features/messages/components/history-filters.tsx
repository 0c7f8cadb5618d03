import { Search, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { fieldClass } from '../../../components/ui/input.tsx';
import { useT } from '../../../lib/i18n.tsx';
import type { useHistoryFilters } from '../hooks/use-history-filters.ts';
import { NumberFilter } from './number-filter.tsx';

type Props = { f: ReturnType<typeof useHistoryFilters>; badRange: boolean };

const labelClass = 'mb-1 block text-xs font-medium text-slate-600';

/** Search text, number, start date, end date and 'Clear Filters (n)'. */
export function HistoryFilters({ f, badRange }: Props) {
  const t = useT();
  return (
    <section
      aria-label={t('app.filters.label')}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor="history-search" className={labelClass}>
            {t('app.history.search')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            />
            <input
              id="history-search"
              type="search"
              placeholder={t('app.history.searchPlaceholder')}
              value={f.q}
              onChange={(e) => f.set('q', e.target.value)}
              className={fieldClass(false, 'pl-9')}
            />
          </div>
        </div>
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor="history-number" className={labelClass}>
            {t('app.history.number')}
          </label>
          <NumberFilter
            inputId="history-number"
            value={f.number}
            onChange={(id) => f.set('number', id)}
          />
        </div>
        <div>
          <label htmlFor="history-from" className={labelClass}>
            {t('app.history.from')}
          </label>
          <input
            id="history-from"
            type="date"
            value={f.from}
            max={f.to || undefined}
            onChange={(e) => f.set('from', e.target.value)}
            className={fieldClass(badRange)}
          />
        </div>
        <div>
          <label htmlFor="history-to" className={labelClass}>
            {t('app.history.to')}
          </label>
          <input
            id="history-to"
            type="date"
            value={f.to}
            min={f.from || undefined}
            onChange={(e) => f.set('to', e.target.value)}
            aria-invalid={badRange || undefined}
            className={fieldClass(badRange)}
          />
        </div>
      </div>
      {f.activeCount > 0 && (
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={f.clear}>
            <X aria-hidden="true" className="size-4" />
            {t('app.numbers.clearFilters', { count: f.activeCount })}
          </Button>
        </div>
      )}
    </section>
  );
}
