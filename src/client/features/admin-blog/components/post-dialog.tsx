import { useIsMutating } from '@tanstack/react-query';
import type { AdminPostListItem } from '../../../../shared/blog.ts';
import { FormDialog } from '../../../components/ui/dialog.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { usePost } from '../api/get-post.ts';
import { SAVE_POST_KEY } from '../api/keys.ts';
import { PostForm } from './post-form.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The post to edit (from the list, without content), or null to create one. */
  editing: AdminPostListItem | null;
};

/**
 * 'Create New Blog Post' / 'Edit Blog Post'. Editing loads the whole post first (a spinner; the
 * list carries no content). The dialog cannot be closed while a save is in flight.
 */
export function PostDialog({ open, onOpenChange, editing }: Props) {
  const t = useT();
  const busy = useIsMutating({ mutationKey: SAVE_POST_KEY }) > 0;
  const close = () => onOpenChange(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t('admin.blog.editTitle') : t('admin.blog.createTitle')}
      busy={busy}
      wide
    >
      {open &&
        (editing ? (
          <EditPost key={editing.id} id={editing.id} onDone={close} />
        ) : (
          <PostForm post={null} onDone={close} />
        ))}
    </FormDialog>
  );
}

function EditPost({ id, onDone }: { id: string; onDone: () => void }) {
  const t = useT();
  const post = usePost(id);
  if (post.isPending) {
    return (
      <div className="flex justify-center py-16" data-testid="post-loading">
        <Spinner size="lg" label={t('admin.blog.postLoading')} className="text-brand-900" />
      </div>
    );
  }
  if (post.isError) {
    return (
      <div className="flex flex-col items-center gap-4 py-10 text-center">
        <RetryAlert
          error={post.error}
          fallback={t('admin.blog.postFailed')}
          onRetry={() => void post.refetch()}
          retrying={post.isFetching}
        />
      </div>
    );
  }
  return <PostForm key={post.data.id} post={post.data} onDone={onDone} />;
}
