import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AdminPostDto, AdminPostListItem } from '../../../../shared/blog.ts';
import { apiFetch, errorMessage } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.tsx';
import { adminBlogKeys, postPath, TOGGLE_POST_KEY } from './keys.ts';
import type { PostListData } from './list-posts.ts';

export type PostFlag = 'featured' | 'published';
export type ToggleVars = { post: AdminPostListItem; flag: PostFlag; value: boolean };

/** The toast of a failure ('Error updating post status: …'). */
function failedMessage(flag: PostFlag, err: unknown) {
  const error = errorMessage(err);
  return flag === 'published'
    ? t('admin.blog.statusFailed', { error })
    : t('admin.blog.featuredFailed', { error });
}

/** What a successful toggle says. */
function toggledMessage({ post, flag, value }: ToggleVars) {
  const title = post.title;
  if (flag === 'published')
    return value
      ? t('admin.blog.publishedToast', { title })
      : t('admin.blog.unpublishedToast', { title });
  return value
    ? t('admin.blog.featuredToast', { title })
    : t('admin.blog.unfeaturedToast', { title });
}

/**
 * The star and publish buttons: PATCH /v1/admin/posts/:id with ONLY the flipped flag
 * ({featured} or {published}). Optimistic: every cached list shows the new value at once; a
 * failure puts that post's flag back (not a whole snapshot, so another toggle made meanwhile
 * survives) and says so in a toast. Once the last toggle settles the lists are fetched again
 * (a post may have left a filtered list, the count may have changed).
 */
export function useTogglePost() {
  const qc = useQueryClient();
  const setFlag = (id: string, flag: PostFlag, value: boolean) =>
    qc.setQueriesData<PostListData>({ queryKey: adminBlogKeys.lists() }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((p) => (p.id === id ? { ...p, [flag]: value } : p)),
            })),
          }
        : data,
    );

  return useMutation({
    mutationKey: TOGGLE_POST_KEY,
    mutationFn: ({ post, flag, value }: ToggleVars) =>
      apiFetch<AdminPostDto>(postPath(post.id), {
        method: 'PATCH',
        body: flag === 'featured' ? { featured: value } : { published: value },
      }),
    onMutate: async ({ post, flag, value }) => {
      await qc.cancelQueries({ queryKey: adminBlogKeys.lists() });
      setFlag(post.id, flag, value);
    },
    onError: (err, { post, flag, value }) => {
      setFlag(post.id, flag, !value);
      toast.error(failedMessage(flag, err));
    },
    onSuccess: (_saved, vars) => toast.success(toggledMessage(vars)),
    onSettled: () => {
      if (qc.isMutating({ mutationKey: TOGGLE_POST_KEY }) <= 1) {
        return qc.invalidateQueries({ queryKey: adminBlogKeys.lists() });
      }
    },
  });
}
