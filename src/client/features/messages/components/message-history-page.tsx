import { useMemo } from 'react';
import { Download, MessageSquare, SearchX, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { exportMessagesUrl } from '../api/export-messages.ts';
import type { MessageFilters } from '../api/keys.ts';
import { useMessages } from '../api/list-messages.ts';
import { useHistoryFilters } from '../hooks/use-history-filters.ts';
import { HistoryFilters } from './history-filters.tsx';
import { MessageList } from './message-list.tsx';

export const HISTORY_PAGE_SIZE = 50;

/** /dashboard/history: search, number and date filters in the URL, paged results, CSV export. */
export function MessageHistoryPage() {
  const t = useT();
  const f = useHistoryFilters();
  const q = useDebouncedValue(f.q.trim(), 250);
  const badRange = !!f.from && !!f.to && f.from > f.to;
  const filters: MessageFilters = useMemo(
    () => ({
      q: q || undefined,
      numberId: f.number || undefined,
      from: f.from || undefined,
      to: f.to || undefined,
    }),
    [q, f.number, f.from, f.to],
  );
  const list = useMessages(filters, HISTORY_PAGE_SIZE, !badRange);

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('app.nav.history')}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('app.history.intro')}</p>
        </div>
        <a
          href={exportMessagesUrl(filters)}
          download
          className={buttonClass('secondary', 'md', 'sm:self-end')}
          data-testid="export-csv"
        >
          <Download aria-hidden="true" className="size-4" />
          {t('app.history.export')}
        </a>
      </div>

      <HistoryFilters f={f} badRange={badRange} />

      {badRange ? (
        <Alert tone="error">{t('app.history.badRange')}</Alert>
      ) : (
        <MessageList
          query={list}
          label={t('app.history.listLabel')}
          loadingLabel={t('app.history.loading')}
          empty={
            <Card
              className="flex flex-col items-center px-6 py-14 text-center"
              data-testid="history-empty"
            >
              <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
                {f.activeCount > 0 ? (
                  <SearchX aria-hidden="true" className="size-7" />
                ) : (
                  <MessageSquare aria-hidden="true" className="size-7" />
                )}
              </span>
              {f.activeCount > 0 ? (
                <>
                  <p className="mt-4 text-base font-medium text-slate-900">
                    {t('app.history.emptyFiltered')}
                  </p>
                  <Button variant="secondary" className="mt-6" onClick={f.clear}>
                    <X aria-hidden="true" className="size-4" />
                    {t('app.numbers.clearFilters', { count: f.activeCount })}
                  </Button>
                </>
              ) : (
                <>
                  <p className="mt-4 text-base font-medium text-slate-900">
                    {t('app.card.noMessages')}
                  </p>
                  <p className="mt-1 max-w-md text-sm text-slate-600">
                    {t('app.history.emptyHint')}
                  </p>
                </>
              )}
            </Card>
          }
        />
      )}
    </div>
  );
}
