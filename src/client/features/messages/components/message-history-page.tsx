import { useMemo } from 'react';
import { Download, MessageSquare, SearchX, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
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
            Message History
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Every stored message, newest first. Filter by text, number and date.
          </p>
        </div>
        <a
          href={exportMessagesUrl(filters)}
          download
          className={buttonClass('secondary', 'md', 'sm:self-end')}
          data-testid="export-csv"
        >
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>

      <HistoryFilters f={f} badRange={badRange} />

      {badRange ? (
        <Alert tone="error">The end date must be on or after the start date.</Alert>
      ) : (
        <MessageList
          query={list}
          label="Message history"
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
                    No messages found matching your filters.
                  </p>
                  <Button variant="secondary" className="mt-6" onClick={f.clear}>
                    <X aria-hidden="true" className="size-4" />
                    Clear Filters ({f.activeCount})
                  </Button>
                </>
              ) : (
                <>
                  <p className="mt-4 text-base font-medium text-slate-900">No messages yet</p>
                  <p className="mt-1 max-w-md text-sm text-slate-600">
                    Messages are stored here as your numbers receive them.
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
