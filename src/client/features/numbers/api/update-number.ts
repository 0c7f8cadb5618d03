import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { toast } from 'sonner';
import type { NumberList, UpdateNumberInput, VoipNumber } from '../../../../shared/numbers.ts';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { apiFetch } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.tsx';
import { numberKeys, tagKeys } from './keys.ts';

export const updateNumber = (id: string, body: UpdateNumberInput) =>
  apiFetch<VoipNumber>(`/v1/numbers/${encodeURIComponent(id)}`, { method: 'PATCH', body });

/** Applies `patch` to number `id` wherever it is cached (lists and detail). */
function patchCached(qc: QueryClient, id: string, patch: (n: VoipNumber) => VoipNumber) {
  qc.setQueriesData<InfiniteData<NumberList>>({ queryKey: numberKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.map((n) => (n.id === id ? patch(n) : n)),
          })),
        }
      : data,
  );
  qc.setQueryData<VoipNumber>(numberKeys.detail(id), (n) => (n ? patch(n) : n));
}

/** Saves an edit; the caches get the server's answer, then everything about numbers refetches. */
export function useUpdateNumber() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateNumberInput }) => updateNumber(id, body),
    onSuccess: (saved) => patchCached(qc, saved.id, () => saved),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: numberKeys.all });
      void qc.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}

type ToggleField = 'isFavorite' | 'isActive';
const toggleErrors: Record<ToggleField, MessageId> = {
  isFavorite: 'app.card.toggleFavoriteFailed',
  isActive: 'app.card.toggleActiveFailed',
};

/** Optimistic flip of isFavorite or isActive, rolled back with a toast when the server refuses. */
export function useToggleNumber(field: ToggleField) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: boolean }) =>
      updateNumber(id, { [field]: value }),
    onMutate: async ({ id, value }) => {
      await qc.cancelQueries({ queryKey: numberKeys.all });
      const snapshot: Array<[QueryKey, unknown]> = qc.getQueriesData({ queryKey: numberKeys.all });
      patchCached(qc, id, (n) => ({ ...n, [field]: value }));
      return { snapshot };
    },
    onSuccess: (saved) => patchCached(qc, saved.id, () => saved),
    onError: (_err, _vars, ctx) => {
      for (const [key, data] of ctx?.snapshot ?? []) qc.setQueryData(key, data);
      toast.error(t(toggleErrors[field]));
    },
    onSettled: (_data, _err, { id }) => {
      void qc.invalidateQueries({ queryKey: numberKeys.detail(id) });
      // The loaded lists already hold the server's answer. Mark them stale without refetching at
      // once: an infinite list scrolled through thousands of numbers would refetch every page.
      void qc.invalidateQueries({ queryKey: numberKeys.lists(), refetchType: 'none' });
    },
  });
}
