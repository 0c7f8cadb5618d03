import { useMemo, useState } from 'react';
import { Globe, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { countOf } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { usePages } from '../api/list-shares.ts';
import { PageCard } from './page-card.tsx';
import { PageDialog } from './page-dialog.tsx';
import { ShareListPage } from './share-list-page.tsx';

type DialogState = { open: boolean; editId: string | null };

/** /dashboard/public-pages: the owner's public pages, and the dialog that creates or edits one. */
export function PublicPagesPage() {
  const list = usePages();
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const [dialog, setDialog] = useState<DialogState>({ open: false, editId: null });
  const now = useNow();

  const openCreate = () => setDialog({ open: true, editId: null });

  return (
    <ShareListPage
      icon={Globe}
      title="Public Pages"
      description="Share a set of numbers on one link. Visitors see each number’s latest codes and end date, live — never its API link."
      actions={
        <Button variant="primary" onClick={openCreate} className="sm:w-auto">
          <Plus aria-hidden="true" className="size-4" />
          Create Page
        </Button>
      }
      list={list}
      items={items}
      text={{
        loading: 'Loading public pages',
        failed: 'Failed to fetch public pages',
        loadingMore: 'Loading more pages',
        listLabel: 'Public pages',
        count: (n) => countOf(n, 'page'),
      }}
      empty={{
        testId: 'pages-empty',
        title: 'No public pages yet',
        text: 'Create a page, pick the numbers to share, and send its link to whoever needs the codes.',
        action: (
          <Button variant="accent" onClick={openCreate} className="mt-6">
            <Plus aria-hidden="true" className="size-4" />
            Create Your First Page
          </Button>
        ),
      }}
      renderItem={(p) => (
        <PageCard page={p} now={now} onEdit={() => setDialog({ open: true, editId: p.id })} />
      )}
    >
      <PageDialog
        open={dialog.open}
        editId={dialog.editId}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </ShareListPage>
  );
}
