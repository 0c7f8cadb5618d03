import { errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

/** The paging state of an infinite query that this footer needs. */
type Paged = {
  hasNextPage: boolean;
  isError: boolean;
  error: unknown;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** Under a paged list: the error of the last page (if any), then 'Load more' or a spinner. */
export function LoadMore({
  list,
  failed,
  loadingLabel,
}: {
  list: Paged;
  /** The message for a failed load (docs/product-rules.md), e.g. 'Failed to fetch public pages'. */
  failed: string;
  loadingLabel: string;
}) {
  const t = useT();
  if (!list.hasNextPage && !list.isError) return null;
  return (
    <div className="flex flex-col items-center gap-3 py-2">
      {list.isError && (
        <Alert tone="error" className="w-full max-w-md">
          {errorMessage(list.error, failed)}
        </Alert>
      )}
      {list.isFetchingNextPage ? (
        <Spinner label={loadingLabel} className="text-brand-900" />
      ) : (
        <Button variant="secondary" onClick={() => void list.fetchNextPage()}>
          {t('common.actions.loadMore')}
        </Button>
      )}
    </div>
  );
}
