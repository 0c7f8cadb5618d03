import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';

/** The paged list's state that the screen shows. */
type ListState = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * An owner's screen of shared links (Public Pages, Single API): the heading with its description
 * and buttons, `controls` (filters, the selection toolbar), then the cards two a row on wide
 * screens, with loading, failed and empty states, the count, and 'Load more'.
 */
export function ShareListPage<T extends { id: string }>({
  icon: Icon,
  title,
  description,
  actions,
  controls,
  list,
  items,
  text,
  empty,
  renderItem,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  actions: ReactNode;
  controls?: ReactNode;
  list: ListState;
  items: readonly T[];
  text: {
    /** e.g. 'Loading public pages'. */
    loading: string;
    /** The message, e.g. 'Failed to fetch public pages'. */
    failed: string;
    loadingMore: string;
    listLabel: string;
    /** e.g. '3 pages'; with more to load, '3 pages shown'. */
    count: (n: number, more: boolean) => string;
  };
  empty: { testId: string; title: string; text: string; action: ReactNode };
  renderItem: (item: T) => ReactNode;
  /** The screen's dialogs. */
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            <Icon aria-hidden="true" className="size-7 text-accent-600" />
            {title}
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{description}</p>
        </div>
        {actions}
      </div>

      {controls}

      {list.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
          <span className="sr-only" role="status">
            {text.loading}
          </span>
          {Array.from({ length: 2 }, (_, i) => (
            <div
              key={i}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <Skeleton className="h-5 w-48" />
              <Skeleton className="h-4 w-64" />
              <Skeleton className="h-9 w-full rounded-lg" />
              <Skeleton className="h-4 w-56" />
            </div>
          ))}
        </div>
      ) : list.isError && items.length === 0 ? (
        <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <RetryAlert
            error={null}
            fallback={t('settings.shareForm.failedWith', {
              failed: text.failed,
              error: errorMessage(list.error),
            })}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        </Card>
      ) : items.length === 0 ? (
        <Card
          className="flex flex-col items-center px-6 py-16 text-center"
          data-testid={empty.testId}
        >
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <Icon aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-4 text-base font-medium text-slate-900">{empty.title}</p>
          <p className="mt-1 max-w-md text-sm text-slate-600">{empty.text}</p>
          {empty.action}
        </Card>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {text.count(items.length, list.hasNextPage)}
          </p>
          <ul className="grid gap-4 md:grid-cols-2" aria-label={text.listLabel}>
            {items.map((item) => (
              <li key={item.id} className="min-w-0">
                {renderItem(item)}
              </li>
            ))}
          </ul>
          <LoadMore list={list} failed={text.failed} loadingLabel={text.loadingMore} />
        </>
      )}

      {children}
    </div>
  );
}
