import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { MessageList as MessagePage } from '../../../../shared/messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { MessageItem } from './message-item.tsx';
import { MessageListSkeleton } from './message-list-skeleton.tsx';

type Props = {
  query: UseInfiniteQueryResult<InfiniteData<MessagePage>>;
  /** Accessible name of the list, e.g. 'Recent messages'. */
  label: string;
  /** What the skeleton says while the first page loads, e.g. 'Loading recent messages'. */
  loadingLabel: string;
  /** Shown when there is nothing to list. */
  empty: ReactNode;
};

/** Loading skeleton, error with retry, empty state, or the messages with 'Load more'. */
export function MessageList({ query, label, loadingLabel, empty }: Props) {
  const t = useT();
  const now = useNow();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  if (query.isPending) return <MessageListSkeleton label={loadingLabel} />;

  if (query.isError && items.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <RetryAlert
          error={query.error}
          fallback={t('app.messages.fetchFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Card>
    );
  }

  if (items.length === 0) return <>{empty}</>;

  return (
    <div className="space-y-3">
      <Card>
        <ul
          aria-label={label}
          aria-busy={query.isFetching && !query.isFetchingNextPage ? true : undefined}
          className="divide-y divide-slate-100"
          data-testid="message-list"
        >
          {items.map((m) => (
            <MessageItem key={m.id} message={m} now={now} />
          ))}
        </ul>
      </Card>
      <div className="flex flex-col items-center gap-3 py-2">
        {query.isError && (
          <Alert tone="error" className="w-full max-w-md">
            {errorMessage(query.error, t('app.messages.fetchFailed'))}
          </Alert>
        )}
        <p className="text-sm text-slate-500" aria-live="polite" data-testid="message-count">
          {t('app.messages.shown', { count: items.length })}
        </p>
        {query.hasNextPage && (
          // aria-disabled rather than disabled: the button keeps keyboard focus while loading.
          <Button
            variant="secondary"
            aria-disabled={query.isFetchingNextPage || undefined}
            onClick={() => !query.isFetchingNextPage && void query.fetchNextPage()}
          >
            {query.isFetchingNextPage && <Spinner size="sm" label={null} />}
            {query.isFetchingNextPage ? t('app.messages.loadingMore') : t('app.numbers.loadMore')}
          </Button>
        )}
      </div>
    </div>
  );
}
