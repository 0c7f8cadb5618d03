import { useMemo, useState } from 'react';
import { Globe, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { usePages } from '../api/list-shares.ts';
import { PageCard } from './page-card.tsx';
import { PageDialog } from './page-dialog.tsx';
import { ShareListPage } from './share-list-page.tsx';

type DialogState = { open: boolean; editId: string | null };

/** /dashboard/public-pages: the owner's public pages, and the dialog that creates or edits one. */
export function PublicPagesPage() {
  const t = useT();
  const list = usePages();
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const [dialog, setDialog] = useState<DialogState>({ open: false, editId: null });
  const now = useNow();

  const openCreate = () => setDialog({ open: true, editId: null });

  return (
    <ShareListPage
      icon={Globe}
      title={t('settings.pages.title')}
      description={t('settings.pages.description')}
      actions={
        <Button variant="primary" onClick={openCreate} className="sm:w-auto">
          <Plus aria-hidden="true" className="size-4" />
          {t('settings.pages.create')}
        </Button>
      }
      list={list}
      items={items}
      text={{
        loading: t('settings.pages.loading'),
        failed: t('settings.pages.fetchFailed'),
        loadingMore: t('settings.pages.loadingMore'),
        listLabel: t('settings.pages.listLabel'),
        count: (count, more) =>
          more ? t('settings.pages.countShown', { count }) : t('settings.pages.count', { count }),
      }}
      empty={{
        testId: 'pages-empty',
        title: t('settings.pages.emptyTitle'),
        text: t('settings.pages.emptyText'),
        action: (
          <Button variant="accent" onClick={openCreate} className="mt-6">
            <Plus aria-hidden="true" className="size-4" />
            {t('settings.pages.createFirst')}
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
