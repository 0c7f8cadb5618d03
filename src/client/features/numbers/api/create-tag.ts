import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag } from '../../../../shared/numbers.ts';
import { apiPost } from '../../../lib/api.ts';
import { tagKeys } from './keys.ts';

export const createTag = (name: string) => apiPost<Tag>('/v1/tags', { name: name.trim() });

/** Creates (or finds, case-insensitively) a tag and adds it to the cached list at once. */
export function useCreateTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: (tag) => {
      qc.setQueryData<{ items: Tag[] }>(tagKeys.all, (data) => {
        const items = data?.items ?? [];
        if (items.some((t) => t.id === tag.id)) return data;
        return { items: [...items, tag].sort((a, b) => a.name.localeCompare(b.name)) };
      });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
