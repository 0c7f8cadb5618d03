import { useState } from 'react';
import { Plus, Search, X } from 'lucide-react';
import { toast } from 'sonner';
import { BLOG_CATEGORIES, type AdminPostListItem } from '../../../../shared/blog.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { blogCategoryLabel } from '../../../lib/blog-categories.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDeletePost } from '../api/save-post.ts';
import { STATUS_OPTIONS, useBlogFilters } from '../hooks/use-blog-filters.ts';
import { PostDialog } from './post-dialog.tsx';
import { PostsList } from './posts-list.tsx';

type DialogState = { open: boolean; editing: AdminPostListItem | null };

/**
 * /admin/blog (permission blog): the filter panel (search, category and status in the URL; the
 * search is debounced), 'Blog Posts (count)', the create/edit dialog and the delete confirmation.
 */
export function BlogManagementPage() {
  const t = useT();
  const filters = useBlogFilters();
  const q = useDebouncedValue(filters.q.trim(), 250);
  const [dialog, setDialog] = useState<DialogState>({ open: false, editing: null });
  const [deleting, setDeleting] = useState<AdminPostListItem | null>(null);
  const remove = useDeletePost();
  const openCreate = () => setDialog({ open: true, editing: null });

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('admin.blog.title')}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('admin.blog.subtitle')}</p>
        </div>
        <Button variant="primary" onClick={openCreate} className="self-start sm:self-auto">
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.blog.createNew')}
        </Button>
      </div>

      <Card
        role="search"
        aria-label={t('admin.blog.filters')}
        className="grid gap-3 p-3 sm:grid-cols-2 sm:p-4 lg:flex lg:items-end"
      >
        <div className="min-w-0 sm:col-span-2 lg:flex-1">
          <label htmlFor="blog-search" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('admin.blog.search')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            />
            <Input
              id="blog-search"
              type="search"
              className="pl-9"
              value={filters.q}
              onChange={(e) => filters.setQ(e.target.value)}
              placeholder={t('admin.blog.searchPlaceholder')}
            />
          </div>
        </div>
        <div className="lg:w-48">
          <label
            htmlFor="blog-category"
            className="mb-1.5 block text-sm font-medium text-slate-800"
          >
            {t('admin.blog.category')}
          </label>
          <Select
            id="blog-category"
            value={filters.category}
            onChange={(e) => filters.setCategory(e.target.value)}
          >
            <option value="all">{t('admin.blog.allCategories')}</option>
            {BLOG_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {blogCategoryLabel(t, c)}
              </option>
            ))}
          </Select>
        </div>
        <div className="lg:w-40">
          <label htmlFor="blog-status" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('admin.blog.status')}
          </label>
          <Select
            id="blog-status"
            value={filters.status}
            onChange={(e) => filters.setStatus(e.target.value)}
          >
            {Object.entries(STATUS_OPTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </Select>
        </div>
        <Button
          variant="secondary"
          onClick={filters.clear}
          disabled={filters.activeCount === 0}
          className="sm:col-span-2 lg:col-span-1"
        >
          <X aria-hidden="true" className="size-4" />
          {t('admin.blog.clearFilters')}
        </Button>
      </Card>

      <PostsList
        filters={{ q, category: filters.category, status: filters.status }}
        filtered={filters.activeCount > 0}
        onCreate={openCreate}
        onClearFilters={filters.clear}
        onEdit={(post) => setDialog({ open: true, editing: post })}
        onDelete={(post) => {
          remove.reset();
          setDeleting(post);
        }}
      />

      <PostDialog
        open={dialog.open}
        editing={dialog.editing}
        onOpenChange={(open) => setDialog((d) => (open ? { ...d, open } : { open, editing: null }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.blog.deleteTitle')}
        description={t('admin.blog.deleteConfirm', { title: deleting?.title ?? '' })}
        confirmLabel={t('admin.blog.delete')}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('admin.blog.deleted', { title: deleting.title }));
              setDeleting(null);
            },
          })
        }
      >
        {remove.isError && (
          <Alert tone="error">{errorMessage(remove.error, t('admin.blog.deleteFailed'))}</Alert>
        )}
      </ConfirmDialog>
    </div>
  );
}
