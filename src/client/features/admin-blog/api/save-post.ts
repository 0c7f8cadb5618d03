import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPostDto, CreatePost, UpdatePost } from '../../../../shared/blog.ts';
import { apiFetch, apiPost } from '../../../lib/api.ts';
import { adminBlogKeys, postPath, SAVE_POST_KEY } from './keys.ts';

/** After any write: every list (and its count) is fetched again. */
function useRefreshLists() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: adminBlogKeys.lists() });
}

/** POST /v1/admin/posts → 201 the post (409 SLUG_TAKEN with fields.slug). */
export function useCreatePost() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationKey: SAVE_POST_KEY,
    mutationFn: (body: CreatePost) => apiPost<AdminPostDto>('/v1/admin/posts', body),
    onSuccess: refresh,
  });
}

/** PATCH /v1/admin/posts/:id with only the changed fields. */
export function useUpdatePost() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationKey: SAVE_POST_KEY,
    mutationFn: ({ id, changes }: { id: string; changes: UpdatePost }) =>
      apiFetch<AdminPostDto>(postPath(id), { method: 'PATCH', body: changes }),
    onSettled: refresh,
  });
}

/** DELETE /v1/admin/posts/:id → 204. */
export function useDeletePost() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(postPath(id), { method: 'DELETE' }),
    onSettled: refresh,
  });
}
