import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TagListItem } from '../../../../shared/numbers.ts';
import { apiFetch, apiPost } from '../../../lib/api.ts';
import { CHANNELS_ROOT, WEBHOOKS_ROOT } from '../../../lib/query-roots.ts';
import { numberKeys, tagKeys } from './keys.ts';

const tagUrl = (id: string) => `/v1/tags/${encodeURIComponent(id)}`;

export const renameTag = ({ id, name }: { id: string; name: string }) =>
  apiFetch<TagListItem>(tagUrl(id), { method: 'PATCH', body: { name: name.trim() } });
export const mergeTag = ({ id, intoId }: { id: string; intoId: string }) =>
  apiPost<TagListItem>(`${tagUrl(id)}/merge`, { intoId });
export const deleteTag = (id: string) => apiFetch<void>(tagUrl(id), { method: 'DELETE' });

/**
 * After a rename, merge or delete, whatever shows tags is fetched again: the tag list (the
 * filter, the pickers), the number cards, and the webhook and channel tag filters (a delete may
 * turn an endpoint off).
 */
function refreshTags(qc: QueryClient) {
  for (const queryKey of [tagKeys.all, numberKeys.all, WEBHOOKS_ROOT, CHANNELS_ROOT])
    void qc.invalidateQueries({ queryKey });
}

export function useRenameTag() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: renameTag, onSuccess: () => refreshTags(qc) });
}

export function useMergeTag() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: mergeTag, onSettled: () => refreshTags(qc) });
}

export function useDeleteTag() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTag, onSettled: () => refreshTags(qc) });
}
