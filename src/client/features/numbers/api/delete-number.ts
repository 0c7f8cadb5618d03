import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { numberKeys } from './keys.ts';

export const deleteNumber = (id: string) =>
  apiFetch<void>(`/v1/numbers/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteNumber() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteNumber,
    onSuccess: (_res, id) => qc.removeQueries({ queryKey: numberKeys.detail(id) }),
    onSettled: () => qc.invalidateQueries({ queryKey: numberKeys.lists() }),
  });
}
