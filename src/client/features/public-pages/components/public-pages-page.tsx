import { useMemo, useState } from 'react';
import { Globe, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { countOf } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { usePages } from '../api/list-pages.ts';
import { PageCard } from './page-card.tsx';
import { PageDialog } from './page-dialog.tsx';

type DialogState = { open: boolean; editId: string | null };

/** /dashboard/public-pages: the owner's public pages, and the dialog that creates or edits one. */
export function PublicPagesPage() {
  const list = usePages();
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const [dialog, setDialog] = useState<DialogState>({ open: false, editId: null });
  const now = useNow();

  const openCreate = () => setDialog({ open: true, editId: null });

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            <Globe aria-hidden="true" className="size-7 text-accent-600" />
            Public Pages
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Share a set of numbers on one link. Visitors see each number’s latest codes and end
            date, live — never its API link.
          </p>
        </div>
        <Button variant="primary" onClick={openCreate} className="sm:w-auto">
          <Plus aria-hidden="true" className="size-4" />
          Create Page
        </Button>
      </div>

      {list.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading public pages
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
            fallback={`Failed to fetch public pages: ${errorMessage(list.error)}`}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        </Card>
      ) : items.length === 0 ? (
        <Card
          className="flex flex-col items-center px-6 py-16 text-center"
          data-testid="pages-empty"
        >
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <Globe aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-4 text-base font-medium text-slate-900">No public pages yet</p>
          <p className="mt-1 max-w-md text-sm text-slate-600">
            Create a page, pick the numbers to share, and send its link to whoever needs the codes.
          </p>
          <Button variant="accent" onClick={openCreate} className="mt-6">
            <Plus aria-hidden="true" className="size-4" />
            Create Your First Page
          </Button>
        </Card>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {list.hasNextPage
              ? `${countOf(items.length, 'page')} shown`
              : countOf(items.length, 'page')}
          </p>
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Public pages">
            {items.map((p) => (
              <li key={p.id} className="min-w-0">
                <PageCard
                  page={p}
                  now={now}
                  onEdit={() => setDialog({ open: true, editId: p.id })}
                />
              </li>
            ))}
          </ul>
          <LoadMore
            list={list}
            failed="Failed to fetch public pages"
            loadingLabel="Loading more pages"
          />
        </>
      )}

      <PageDialog
        open={dialog.open}
        editId={dialog.editId}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </div>
  );
}
