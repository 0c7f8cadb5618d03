import { Fragment, useMemo, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { Card } from '../../../components/ui/card.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useT } from '../../../lib/i18n.tsx';

/** Placeholder rows while a list loads. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <Card className="divide-y divide-slate-100" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-4 p-4">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-56 max-w-full" />
            <Skeleton className="h-3 w-40 max-w-full" />
          </div>
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
      ))}
    </Card>
  );
}

/** A list that could not be loaded: the error and Try again. */
export function ListError({
  error,
  fallback,
  onRetry,
  retrying,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <RetryAlert error={error} fallback={fallback} onRetry={onRetry} retrying={retrying} />
    </Card>
  );
}

/** Nothing to list: an icon, a fixed sentence and a hint. */
export function ListEmpty({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center" data-testid="list-empty">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 text-base font-medium text-slate-900">{title}</p>
      {children && <p className="mt-1 max-w-md text-sm text-slate-600">{children}</p>}
    </Card>
  );
}

type PagedQuery<T> = {
  data: { pages: { items: T[]; total: number }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** A paged list's words (catalogue keys): its loading and failure messages and its counts. */
export type PagedTableWords = {
  loading: MessageId;
  failed: MessageId;
  moreFailed: MessageId;
  moreLoading: MessageId;
  /** '{count} users' and '{count} users match' (ICU plurals). */
  count: MessageId;
  matchCount: MessageId;
};

/**
 * A paged list shown as a table on wide screens and cards on a phone: loading, error (Try again),
 * empty, the count line ('N users' / 'N users match' · 'M shown'), the column header, the rows
 * and Load more. `cols` is the grid template shared by the header and each row.
 */
export function PagedTable<T extends { id: string }>({
  list,
  words,
  label,
  columns,
  cols,
  filtered,
  empty,
  row,
}: {
  list: PagedQuery<T>;
  words: PagedTableWords;
  /** The list's accessible name: 'Users'. */
  label: string;
  columns: string[];
  cols: string;
  filtered: boolean;
  empty: ReactNode;
  row: (item: T) => ReactNode;
}) {
  const t = useT();
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;

  if (list.isPending) return <ListSkeleton label={t(words.loading)} />;
  if (list.isError && items.length === 0) {
    return (
      <ListError
        error={list.error}
        fallback={t(words.failed)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (items.length === 0) return empty;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {t(filtered ? words.matchCount : words.count, { count: total })}
        {list.hasNextPage && ` · ${t('admin.users.shown', { count: items.length })}`}
      </p>
      <Card className="overflow-hidden">
        <div
          aria-hidden="true"
          className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-xs font-semibold tracking-wide text-slate-500 uppercase ${cols}`}
        >
          {columns.map((c) => (
            <span key={c}>{c}</span>
          ))}
        </div>
        <ul aria-label={label} className="divide-y divide-slate-100">
          {items.map((item) => (
            <Fragment key={item.id}>{row(item)}</Fragment>
          ))}
        </ul>
      </Card>
      <LoadMore list={list} failed={t(words.moreFailed)} loadingLabel={t(words.moreLoading)} />
    </div>
  );
}
